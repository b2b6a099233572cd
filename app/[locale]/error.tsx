'use client';

import { useMessages } from 'next-intl';
import { useEffect } from 'react';
import { ErrorPanel } from '@/components/errors/ErrorPanel';
import { buttonClass } from '@/components/ui/Button';
import { Link } from '@/components/ui/Link';
import { reloadAfterChunkError } from '@/lib/client/chunk-reload';

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  // Plain strings, read without the ICU formatter: keeps intl-messageformat out of the client bundle.
  const { Errors } = useMessages();
  const t = (key: 'errorTitle' | 'tryAgain' | 'goHome' | 'errorText') => Errors[key];
  useEffect(() => {
    reloadAfterChunkError(error);
  }, [error]);
  return (
    <ErrorPanel
      heading={t('errorTitle')}
      actions={
        <>
          <button type="button" className={buttonClass('primary')} onClick={reset}>
            {t('tryAgain')}
          </button>
          <Link href="/" className={buttonClass('secondary')}>
            {t('goHome')}
          </Link>
        </>
      }
    >
      <p>{t('errorText')}</p>
    </ErrorPanel>
  );
}
