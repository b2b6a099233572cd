import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ErrorPanel } from '@/components/errors/ErrorPanel';
import { buttonClass, ButtonLink } from '@/components/ui/Button';
import { localeParam } from '@/lib/i18n/params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Errors' });
  return { title: t('unavailableTitle'), robots: { index: false, follow: false } };
}

/**
 * What a page shows while the content API is down and this instance has no copy of what it needs.
 * The proxy serves it in place of that page, with status 503 and Retry-After (server.ts sets them);
 * it needs no JavaScript, and "Try again" reloads the address the visitor asked for.
 */
export default async function UnavailablePage({ params }: Props) {
  await localeParam(params);
  const t = await getTranslations('Errors');
  return (
    <ErrorPanel
      heading={t('unavailableTitle')}
      actions={
        <>
          <a href="" className={buttonClass('primary')}>
            {t('unavailableRetry')}
          </a>
          <ButtonLink href="/" variant="secondary">
            {t('goHome')}
          </ButtonLink>
        </>
      }
    >
      <p>{t('unavailableText')}</p>
    </ErrorPanel>
  );
}
