'use client';

import { useSyncExternalStore } from 'react';
import { globalErrorText } from '@/lib/i18n/global-error-text';
import { contentLanguage, editionByPrefix, defaultLocale, prefixes } from '@/lib/i18n/editions';
import './globals.css';

function currentPrefix(): string {
  return window.location.pathname.split('/')[1] ?? '';
}

/** Shown when even the root layout failed: no fonts, no provider, just the message and a way home. */
export default function GlobalError() {
  const prefix = useSyncExternalStore(
    () => () => {},
    currentPrefix,
    () => '',
  );
  const edition = editionByPrefix(prefix);
  const locale = edition?.locale ?? defaultLocale;
  const text = globalErrorText[contentLanguage(locale)];
  return (
    <html lang={locale}>
      <body>
        <main style={{ maxWidth: '40rem', margin: '0 auto', padding: '4rem 1rem', textAlign: 'center' }}>
          <h1>{text.message}</h1>
          <p>
            <a href={prefixes[locale]}>{text.home}</a>
          </p>
        </main>
      </body>
    </html>
  );
}
