'use client';

import { useEffect } from 'react';
import { inSiteNavigation } from '@/lib/client/navigation-click';

/**
 * While `active`, leaving the page asks first (spec 4): closing or reloading the tab through the
 * browser's own prompt, and following a link inside the site through `confirm(message)`. The click is
 * caught on the document before React's handlers, so next/link does not navigate when the visitor stays.
 */
export function useLeaveGuard(active: boolean, message: string): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = message; // older browsers show a prompt only when this is set
    };
    const onClick = (event: MouseEvent) => {
      // External links and closing the tab: beforeunload asks; anchors on this page: nothing to ask.
      if (event.defaultPrevented || !inSiteNavigation(event)) return;
      if (!window.confirm(message)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active, message]);
}
