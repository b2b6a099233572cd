import type { Metadata } from 'next';
import { pageMetadata, seoTrail } from '@/lib/seo/metadata';
import { getTranslations } from 'next-intl/server';
import styles from '@/components/careers/Careers.module.css';
import { VacancyFacts } from '@/components/careers/VacancyFacts';
import { PageHeader } from '@/components/content/PageHeader';
import layout from '@/components/content/Layout.module.css';
import { Container } from '@/components/ui/Container';
import { Link } from '@/components/ui/Link';
import { getVacancies } from '@/lib/content';
import { contentLanguage } from '@/lib/i18n/editions';
import { localeParam } from '@/lib/i18n/params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Meta' });
  return pageMetadata(locale, '/careers', { title: t('careersTitle'), description: t('careersDescription') });
}

export default async function CareersPage({ params }: Props) {
  const locale = await localeParam(params);
  const t = await getTranslations('Careers');
  const nav = await getTranslations('Nav');
  const vacancies = await getVacancies(contentLanguage(locale));

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
        </section>
      </Container>
    </>
  );
}
