import type { Metadata } from 'next';
import { pageMetadata } from '@/lib/seo/metadata';
import { getTranslations } from 'next-intl/server';
import layout from '@/components/content/Layout.module.css';
import { PageHeader } from '@/components/content/PageHeader';
import { ButtonLink } from '@/components/ui/Button';
import { Container } from '@/components/ui/Container';
import { replyDays } from '@/lib/site/facts';
import { localeParam } from '@/lib/i18n/params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Meta' });
  return pageMetadata(locale, '/form-success', { title: t('successTitle'), noindex: true });
}

/** Where the ask-a-question form leads once the question is stored. */
export default async function FormSuccessPage({ params }: Props) {
  await localeParam(params);
  const t = await getTranslations('Forms.success');
  return (
    <>
      <PageHeader narrow title={t('title')} lead={t('text', { days: replyDays.question })} />
      <Container narrow>
        <div className={`${layout.body} ${layout.actions}`}>
          <ButtonLink href="/">{t('home')}</ButtonLink>
          <ButtonLink href="/faq" variant="secondary">
            {t('faq')}
          </ButtonLink>
        </div>
      </Container>
    </>
  );
}
