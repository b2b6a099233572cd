'use client';

import { useEffect } from 'react';

/**
 * Brings an outcome into view and gives it focus when the page arrives (a redirect after a payment
 * keeps the old scroll position otherwise). The target has `tabindex=-1`. Without JavaScript the page
 * opens at the top, where the outcome is.
 */
export function FocusOnArrival({ target }: { target: string }) {
  useEffect(() => {
    const element = document.getElementById(target);
    if (!element) return;
    element.scrollIntoView({ block: 'start' });
    element.focus({ preventScroll: true });
  }, [target]);
  return null;
}
