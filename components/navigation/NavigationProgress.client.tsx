'use client';

import NProgress from 'nprogress';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { inSiteNavigation } from '@/lib/client/navigation-click';

/** Show the bar only when a navigation takes longer than this (spec 9). */
export const PROGRESS_DELAY_MS = 200;

let timer: ReturnType<typeof setTimeout> | undefined;
/** Set by back/forward, where the browser restores the position instead of our scroll to top. */
let fromHistory = false;

function startSoon() {
  clearTimeout(timer);
  timer = setTimeout(() => NProgress.start(), PROGRESS_DELAY_MS);
}

function finish() {
  clearTimeout(timer);
  NProgress.done();
}

/**
 * Navigation behaviour of spec 2: the thin top progress bar (after 200 ms, trickling for about five
 * seconds) and scroll to top on a page change.
 */
export function NavigationProgress() {
  const pathname = usePathname();
  const search = useSearchParams();

  useEffect(() => {
    NProgress.configure({
      showSpinner: false,
      minimum: 0.08,
      trickleSpeed: 250,
      speed: 300,
      easing: 'ease',
      // nprogress's own template says role="bar", which is not an ARIA role; the bar is decoration.
      template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
      barSelector: '.bar',
    });
    const onClick = (event: MouseEvent) => {
      // Checked in the capture phase: Next's Link calls preventDefault() before the event bubbles.
      if (inSiteNavigation(event)) startSoon();
    };
    document.addEventListener('click', onClick, true);
    const onPopState = () => {
      fromHistory = true;
      startSoon();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
      finish();
    };
  }, []);

  const firstRender = useRef(true);
  useEffect(() => {
    finish();
    // Next scrolls only the changed segment into view (below our sticky header); a new page starts
    // at the very top, unless it targets a hash or the browser is restoring a position on back.
    if (!firstRender.current && !fromHistory && !window.location.hash) window.scrollTo(0, 0);
    firstRender.current = false;
    fromHistory = false;
  }, [pathname, search]);

  return null;
}
