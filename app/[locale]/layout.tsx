// The site's stylesheets before any component: their order is the cascade's (app/styles.ts).
import '@/app/styles';
import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { localeParam } from '@/lib/i18n/params';
import { SiteShell } from '@/components/layout/SiteShell';
import { env } from '@/lib/env';
import { shellConfig } from '@/app/site-config';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Meta' });
  return {
    metadataBase: new URL(env.NEXT_PUBLIC_SITE_URL),
    title: { default: t('homeTitle'), template: `%s | ${t('siteName')}` },
    description: t('homeDescription'),
    applicationName: t('siteName'),
  };
}

export const viewport: Viewport = {
  themeColor: '#2453d6',
  width: 'device-width',
  initialScale: 1,
};

export default async function LocaleLayout({ children, params }: Props) {
  const locale = await localeParam(params);
  // Reading the request headers renders every page per request, so each response gets its own nonce.
  await headers();
  return (
    <SiteShell locale={locale} config={shellConfig}>
      {children}
    </SiteShell>
  );
}
