// The vacancies, one page of them (/careers, /careers/page/N): shared by both routes.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import styles from '@/components/careers/Careers.module.css';
import { VacancyFacts } from '@/components/careers/VacancyFacts';
import { PageHeader } from '@/components/content/PageHeader';
import layout from '@/components/content/Layout.module.css';
import { Container } from '@/components/ui/Container';
import { Link } from '@/components/ui/Link';
import { Pager } from '@/components/ui/Pager';
import { getVacancies } from '@/lib/content';
import { contentLanguage, type Locale } from '@/lib/i18n/editions';
import { listPagePath, pageOf } from '@/lib/routes';
import { pageMetadata, seoTrail } from '@/lib/seo/metadata';

export async function careersMetadata(locale: Locale, page: number): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Meta' });
  const pager = await getTranslations({ locale, namespace: 'Pager' });
  return pageMetadata(locale, listPagePath('/careers', page), {
    title: page > 1 ? pager('title', { title: t('careersTitle'), page }) : t('careersTitle'),
    description: t('careersDescription'),
  });
}

export async function CareersList({ locale, page }: { locale: Locale; page: number }) {
  const t = await getTranslations('Careers');
  const nav = await getTranslations('Nav');
  const { items: vacancies, pages } = pageOf('vacancies', await getVacancies(contentLanguage(locale)), page);
  if (page > pages) notFound();

  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} trail={seoTrail(locale, [{ href: '/', label: nav('home') }])} />
      <Container>
        <section className={layout.body} aria-labelledby="open-positions">
          <h2 id="open-positions">{t('openPositions')}</h2>
          {vacancies.length === 0 ? (
            <p>{t('none')}</p>
          ) : (
            <ul className={styles.list}>
              {vacancies.map((vacancy) => (
                <li key={vacancy.slug} className={styles.card}>
                  <h3>
                    <Link href={`/careers/${vacancy.slug}`} className={styles.cardLink}>
                      {vacancy.title}
                    </Link>
                  </h3>
                  <VacancyFacts vacancy={vacancy} locale={locale} />
                  <p className={styles.summary}>{vacancy.summary}</p>
                </li>
              ))}
            </ul>
          )}
          <Pager listPath="/careers" page={page} pages={pages} />
        </section>
      </Container>
    </>
  );
}
