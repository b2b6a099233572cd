'use client';

import { use, useEffect, useSyncExternalStore } from 'react';
import { ErrorPanel } from '@/components/errors/ErrorPanel';
import { buttonClass } from '@/components/ui/button-class';
import { reloadAfterChunkError } from '@/lib/client/chunk-reload';
import { contentLanguage, defaultLocale, prefixes } from '@/lib/i18n/editions';
import { editionOfPath } from '@/lib/i18n/locale';
import { errorMessages } from '@/lib/i18n/error-messages';

const noSubscription = () => () => {};

/**
 * The error page inside an edition's layout. Its texts are loaded when it is shown (one small chunk per
 * language), so no page carries a message catalogue for the case that something fails.
 */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const path = useSyncExternalStore(noSubscription, () => window.location.pathname, () => '');
  const locale = editionOfPath(path)?.locale ?? defaultLocale;
  const t = use(errorMessages(contentLanguage(locale)));
  useEffect(() => {
    reloadAfterChunkError(error);
  }, [error]);
  return (
    <ErrorPanel
      heading={t.errorTitle}
      actions={
        <>
          <button type="button" className={buttonClass('primary')} onClick={reset}>
            {t.tryAgain}
          </button>
          <a href={prefixes[locale]} className={buttonClass('secondary')}>
            {t.goHome}
          </a>
        </>
      }
    >
      <p>{t.errorText}</p>
    </ErrorPanel>
  );
}
