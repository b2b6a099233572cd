import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import styles from '@/components/careers/Careers.module.css';
import { VacancyFacts } from '@/components/careers/VacancyFacts';
import { PageHeader } from '@/components/content/PageHeader';
import { RichText } from '@/components/content/RichText';
import layout from '@/components/content/Layout.module.css';
import { Container } from '@/components/ui/Container';
import { Icon } from '@/components/ui/Icon';
import { getVacancy } from '@/lib/content';
import { contentLanguage } from '@/lib/i18n/editions';
import { localeParam } from '@/lib/i18n/params';
import { CAREERS_EMAIL } from '@/lib/site/contacts';

type Props = { params: Promise<{ locale: string; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const vacancy = await getVacancy(contentLanguage(locale), (await params).slug);
  return vacancy ? { title: vacancy.title, description: vacancy.summary } : {};
}

export default async function VacancyPage({ params }: Props) {
  const locale = await localeParam(params);
  const vacancy = await getVacancy(contentLanguage(locale), (await params).slug);
  if (!vacancy) notFound();
  const t = await getTranslations('Careers');
  const nav = await getTranslations('Nav');

  return (
    <article>
      <PageHeader
        narrow
        title={vacancy.title}
        lead={vacancy.summary}
        trail={[
          { href: '/', label: nav('home') },
          { href: '/careers', label: nav('careers') },
        ]}
        meta={<VacancyFacts vacancy={vacancy} locale={locale} />}
      />
      <Container narrow>
        <div className={layout.body}>
          <RichText html={vacancy.text} locale={locale} />
          <section className={styles.block} aria-labelledby="requirements">
            <h2 id="requirements">{t('requirements')}</h2>
            <ul className={styles.checks}>
              {vacancy.requirements.map((line) => (
                <li key={line}>
                  <Icon name="check" size={20} /> <span>{line}</span>
                </li>
              ))}
            </ul>
          </section>
          <section className={styles.block} aria-labelledby="offer">
            <h2 id="offer">{t('offer')}</h2>
            <ul className={styles.checks}>
              {vacancy.offer.map((line) => (
                <li key={line}>
                  <Icon name="check" size={20} /> <span>{line}</span>
                </li>
              ))}
            </ul>
          </section>
          <section className={`${styles.block} ${layout.aside}`} aria-labelledby="apply">
            <h2 id="apply">{t('applyTitle')}</h2>
            <p>
              {t.rich('applyText', {
                email: () => <a href={`mailto:${CAREERS_EMAIL}?subject=${encodeURIComponent(vacancy.title)}`}>{CAREERS_EMAIL}</a>,
              })}
            </p>
          </section>
        </div>
      </Container>
    </article>
  );
}
