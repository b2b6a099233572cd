'use client';

// The same one stylesheet as every page (app/styles.ts): a second, smaller file would be a second
// render-blocking request on every page.
import './styles';
import base from '@/components/layout/Base.module.css';
import { use, useSyncExternalStore } from 'react';
import { contentLanguage, defaultLocale, prefixes } from '@/lib/i18n/editions';
import { editionOfPath } from '@/lib/i18n/locale';
import { errorMessages } from '@/lib/i18n/error-messages';

/** Shown when even the root layout failed: no fonts, no provider, just the message and a way home. */
export default function GlobalError() {
  const path = useSyncExternalStore(
    () => () => {},
    () => window.location.pathname,
    () => '',
  );
  const locale = editionOfPath(path)?.locale ?? defaultLocale;
  const Errors = use(errorMessages(contentLanguage(locale)));
  return (
    <html lang={locale} className={base.root}>
      <body>
        <main style={{ maxWidth: '40rem', margin: '0 auto', padding: '4rem 1rem', textAlign: 'center' }}>
          <h1>{Errors.globalError}</h1>
          <p>
            <a href={prefixes[locale]}>{Errors.goHome}</a>
          </p>
        </main>
      </body>
    </html>
  );
}
