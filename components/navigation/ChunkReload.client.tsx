'use client';

import { useEffect } from 'react';
import { reloadAfterChunkError } from '@/lib/client/chunk-reload';

export function ChunkReload() {
  useEffect(() => {
    const onError = (event: ErrorEvent | Event) => {
      const target = event.target;
      // A <script> of ours that failed to load arrives as a resource error, not an exception.
      if (target instanceof HTMLScriptElement && target.src.includes('/_next/static/chunks/')) {
        reloadAfterChunkError({ name: 'ChunkLoadError' });
      } else if (event instanceof ErrorEvent) {
        reloadAfterChunkError(event.error ?? event.message);
      }
    };
    const onRejection = (event: PromiseRejectionEvent) => reloadAfterChunkError(event.reason);
    window.addEventListener('error', onError, true);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError, true);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
