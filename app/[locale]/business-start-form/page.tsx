import type { Metadata } from 'next';
import { pageMetadata, seoTrail } from '@/lib/seo/metadata';
import { getTranslations } from 'next-intl/server';
import layout from '@/components/content/Layout.module.css';
import { PageHeader } from '@/components/content/PageHeader';
import { SubmissionForm } from '@/components/forms/SubmissionForm';
import { captchaSiteKey } from '@/lib/env';
import { sendBusinessStart } from '@/app/[locale]/_actions/forms';
import { Container } from '@/components/ui/Container';
import { replyDays } from '@/lib/site/facts';
import { localeParam } from '@/lib/i18n/params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Meta' });
  return pageMetadata(locale, '/business-start-form', { title: t('startTitle'), description: t('startDescription') });
}

export default async function BusinessStartPage({ params }: Props) {
  const locale = await localeParam(params);
  const t = await getTranslations('Forms.businessStart');
  const nav = await getTranslations('Nav');
  return (
    <>
      <PageHeader narrow title={t('title')} lead={t('lead')} trail={seoTrail(locale, [{ href: '/', label: nav('home') }, { href: '/business', label: nav('business') }])} />
      <Container narrow>
        <div className={layout.body}>
          <SubmissionForm kind="business-start" action={sendBusinessStart} captchaSiteKey={captchaSiteKey} locale={locale} button="submit" thanks={{ title: t('thanksTitle'), text: t('thanksText', { days: replyDays.business }) }} />
        </div>
      </Container>
    </>
  );
}
