'use client';

import { useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => undefined;

/** "Print": the browser's print dialog (the page prints the receipt alone). Shown only once scripts run; without them the browser's own Print does it. */
export function PrintButton({ className, children }: { className?: string; children: ReactNode }) {
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  if (!hydrated) return null;
  return (
    <button type="button" className={className} onClick={() => window.print()}>
      {children}
    </button>
  );
}
