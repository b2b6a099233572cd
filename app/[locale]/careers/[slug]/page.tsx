import type { Metadata } from 'next';
import { pageMetadata, seoTrail } from '@/lib/seo/metadata';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import styles from '@/components/careers/Careers.module.css';
import { CheckList } from '@/components/careers/CheckList';
import { JsonLd } from '@/components/seo/JsonLd';
import { jobPosting } from '@/lib/seo/structured-data';
import { SubmissionForm } from '@/components/forms/SubmissionForm';
import { captchaSiteKey } from '@/lib/env';
import { sendJobApplication } from '@/app/[locale]/_actions/forms';
import { VacancyFacts } from '@/components/careers/VacancyFacts';
import { PageHeader } from '@/components/content/PageHeader';
import { RichText } from '@/components/content/RichText';
import { editionHtml, getVacancy } from '@/lib/content';
import layout from '@/components/content/Layout.module.css';
import { Container } from '@/components/ui/Container';
import { contentLanguage } from '@/lib/i18n/editions';
import { localeParam } from '@/lib/i18n/params';
import { replyDays } from '@/lib/site/facts';

type Props = { params: Promise<{ locale: string; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const vacancy = await getVacancy(contentLanguage(locale), (await params).slug);
  return vacancy ? pageMetadata(locale, `/careers/${vacancy.slug}`, { title: vacancy.title, description: vacancy.summary }) : {};
}

export default async function VacancyPage({ params }: Props) {
  const locale = await localeParam(params);
  const vacancy = await getVacancy(contentLanguage(locale), (await params).slug);
  if (!vacancy) notFound();
  const t = await getTranslations('Careers');
  const nav = await getTranslations('Nav');
  const forms = await getTranslations('Forms.jobApplication');

  return (
    <article>
      <PageHeader
        narrow
        title={vacancy.title}
        lead={vacancy.summary}
        trail={seoTrail(locale, [
          { href: '/', label: nav('home') },
          { href: '/careers', label: nav('careers') },
        ])}
        meta={<VacancyFacts vacancy={vacancy} locale={locale} />}
      />
      <Container narrow>
        <div className={layout.body}>
          <JsonLd data={jobPosting(locale, vacancy)} />
          <RichText html={editionHtml(vacancy.text, locale)} locale={locale} />
          <CheckList id="requirements" title={t('requirements')} lines={vacancy.requirements} />
          <CheckList id="offer" title={t('offer')} lines={vacancy.offer} />
          <section className={styles.block} aria-labelledby="apply">
            <h2 id="apply">{forms('title')}</h2>
            <p>{forms('lead')}</p>
            <SubmissionForm
              kind="job-application"
              action={sendJobApplication}
              captchaSiteKey={captchaSiteKey}
              locale={locale}
              button="submit"
              hidden={{ vacancy: vacancy.slug }}
              thanks={{ title: forms('thanksTitle'), text: forms('thanksText', { weeks: replyDays.applicationWeeks }) }}
            />
          </section>
        </div>
      </Container>
    </article>
  );
}
