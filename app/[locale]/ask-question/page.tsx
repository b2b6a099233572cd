import type { Metadata } from 'next';
import { pageMetadata, seoTrail } from '@/lib/seo/metadata';
import { getTranslations } from 'next-intl/server';
import layout from '@/components/content/Layout.module.css';
import { PageHeader } from '@/components/content/PageHeader';
import { SubmissionForm } from '@/components/forms/SubmissionForm';
import { captchaSiteKey } from '@/lib/env';
import { sendAskQuestion } from '@/app/[locale]/_actions/forms';
import { Container } from '@/components/ui/Container';
import { replyDays } from '@/lib/site/facts';
import { localeParam } from '@/lib/i18n/params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Meta' });
  return pageMetadata(locale, '/ask-question', { title: t('askTitle'), description: t('askDescription') });
}

export default async function AskQuestionPage({ params }: Props) {
  const locale = await localeParam(params);
  const t = await getTranslations('Forms.askQuestion');
  const nav = await getTranslations('Nav');
  return (
    <>
      <PageHeader narrow title={t('title')} lead={t('lead', { days: replyDays.question })} trail={seoTrail(locale, [{ href: '/', label: nav('home') }, { href: '/faq', label: nav('faq') }])} />
      <Container narrow>
        <div className={layout.body}>
          <SubmissionForm kind="ask-question" action={sendAskQuestion} captchaSiteKey={captchaSiteKey} locale={locale} button="send" />
        </div>
      </Container>
    </>
  );
}
