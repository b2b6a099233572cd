import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { Suspense, type ReactNode } from 'react';
import { preload } from 'react-dom';
import { editionFonts } from '@/lib/site/edition-fonts';
import { ConsentManager } from '@/components/consent/ConsentManager.client';
import { ChunkReload } from '@/components/navigation/ChunkReload.client';
import { SoftNavigation } from '@/components/navigation/SoftNavigation.client';
import { consentOf } from '@/lib/consent';
import { localizedPath } from '@/lib/i18n/locale';
import { NavigationProgress } from '@/components/navigation/NavigationProgress.client';
import type { Locale } from '@/lib/i18n/editions';
import base from './Base.module.css';
import { Footer } from './Footer';
import { Header } from './Header';

/** What the shell needs from the site's configuration, handed in by the app (app/site-config.ts). */
export type ShellConfig = {
  logins: { customer: string; business: string };
  apps: { appStore: string; googlePlay: string };
  /** Google Tag Manager container, loaded after consent. */
  gtmId?: string;
  /** The edition chooser's server action. */
  switchEdition: (previous: null, data: FormData) => Promise<null>;
};

/** The document around every page: used by the edition layout and by the global 404 page. */
export async function SiteShell({ locale, config, children }: { locale: Locale; config: ShellConfig; children: ReactNode }) {
  // The font files this edition draws with, fetched at once (the rest load only if such text appears).
  for (const file of editionFonts(locale)) preload(file.href, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
  const t = await getTranslations({ locale, namespace: 'Common' });
  const consent = await getTranslations({ locale, namespace: 'Consent' });
  return (
    <html lang={locale} className={base.root}>
      <body>
        <a href="#main" className="skip-link">
          {t('skipToContent')}
        </a>
        {/* The cookie banner comes right after the skip link, in the page's flow at its top: next in
            the reading and focus order, and it covers nothing (WCAG 2.4.11 focus not obscured). */}
        {/* The consent as the page cache keys it (lib/cookie-header): never Next's own cookie parser. */}
        <ConsentManager
          initial={consentOf((await headers()).get('cookie'))}
          gtmId={config.gtmId}
          policyHref={localizedPath(locale, '/cookie-policy')}
          text={{
            label: consent('label'),
            title: consent('title'),
            text: consent('text'),
            accept: consent('accept'),
            reject: consent('reject'),
            policy: consent('policy'),
          }}
        />
        {/* No message provider around the shell: client islands get their strings as props from server
            parents, and the error page loads its own (app/[locale]/error.tsx). */}
          <Suspense fallback={null}>
            <NavigationProgress />
          </Suspense>
          <ChunkReload />
          <SoftNavigation />
          <Header locale={locale} logins={config.logins} switchEdition={config.switchEdition} />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <Footer locale={locale} apps={config.apps} />
      </body>
    </html>
  );
}
