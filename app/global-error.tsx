'use client';

import { use, useSyncExternalStore } from 'react';
import { contentLanguage, defaultLocale, prefixes, type Language } from '@/lib/i18n/editions';
import { editionOfPath } from '@/lib/i18n/locale';
import { loadMessages, type Messages } from '@/lib/i18n/messages';
import './globals.css';

/** The catalogue of the page's language, loaded only when this page is shown (one chunk per language). */
const loading = new Map<Language, Promise<Messages>>();
function errorsOf(language: Language): Promise<Messages> {
  let messages = loading.get(language);
  if (!messages) loading.set(language, (messages = loadMessages(language)));
  return messages;
}

/** Shown when even the root layout failed: no fonts, no provider, just the message and a way home. */
export default function GlobalError() {
  const path = useSyncExternalStore(
    () => () => {},
    () => window.location.pathname,
    () => '',
  );
  const locale = editionOfPath(path)?.locale ?? defaultLocale;
  const { Errors } = use(errorsOf(contentLanguage(locale)));
  return (
    <html lang={locale}>
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
