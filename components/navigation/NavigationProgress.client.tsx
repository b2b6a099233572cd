'use client';

import NProgress from 'nprogress';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { inSiteNavigation } from '@/lib/client/navigation-click';
import { answersSentForm, arrive, editionOf, focusMainHeading, forgetFormSent, noteFormSent } from '@/lib/client/arrival';

/** Show the bar only when a navigation takes longer than this (spec 9). */
export const PROGRESS_DELAY_MS = 200;

let timer: ReturnType<typeof setTimeout> | undefined;
/** Set by back/forward, where the browser restores the position instead of our scroll to top. */
let fromHistory = false;
/** The page shown (path and query), to tell a page change from an in-page jump in popstate. */
let shown = '';

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
 * seconds) and where a new page opens: at its top, and after a form was sent (an edition switch, a
 * form whose answer is another page) with focus on its main heading (lib/client/arrival.ts).
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
      if (!inSiteNavigation(event)) return;
      forgetFormSent();
      startSoon();
    };
    // The edition chooser, a form whose answer is another page: that page gets focus on its heading.
    const onSubmit = () => noteFormSent();
    const onPopState = () => {
      // A jump to an anchor of this page fires popstate too (and back/forward between two anchors):
      // no page comes, so nothing would finish the bar.
      if (window.location.pathname + window.location.search === shown) return;
      fromHistory = true;
      startSoon();
    };
    document.addEventListener('click', onClick, true);
    document.addEventListener('submit', onSubmit, true);
    window.addEventListener('popstate', onPopState);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
      window.removeEventListener('popstate', onPopState);
      finish();
    };
  }, []);

  const previous = useRef<string | null>(null);
  useEffect(() => {
    finish();
    const query = search.toString();
    shown = pathname + (query ? `?${query}` : '');
    // Next scrolls only the changed segment into view (below our sticky header); a new page starts
    // at the very top, unless it targets a hash or the browser is restoring a position on back.
    if (previous.current === null) {
      // A whole new document (an edition switch loads one): the browser opened it at its top. Focus goes
      // to its heading if it answers a form, unless the visitor already put it somewhere meanwhile.
      const untouched = !document.activeElement || document.activeElement === document.body;
      if (answersSentForm() && untouched) focusMainHeading();
    } else if (previous.current !== pathname && !fromHistory && !window.location.hash) {
      arrive({ focusHeading: answersSentForm() || editionOf(previous.current) !== editionOf(pathname) });
    }
    previous.current = pathname;
    fromHistory = false;
  }, [pathname, search]);

  return null;
}
