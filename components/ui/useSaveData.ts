'use client';

import { useSyncExternalStore } from 'react';

type NetworkInformation = EventTarget & { saveData?: boolean; effectiveType?: string };

function connection(): NetworkInformation | undefined {
  return (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

/** True on data-saver or 2g connections, where prefetching would waste the visitor's data. */
export function isConstrained(c: { saveData?: boolean; effectiveType?: string } | undefined): boolean {
  return Boolean(c && (c.saveData || c.effectiveType === '2g' || c.effectiveType === 'slow-2g'));
}

function subscribe(onChange: () => void) {
  const c = connection();
  c?.addEventListener('change', onChange);
  return () => c?.removeEventListener('change', onChange);
}

export function useSaveData(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isConstrained(connection()),
    () => false,
  );
}
