/** The edition of a site path (`/lv-en/faq` → `lv-en`). */
export const editionOf = (pathname: string): string => pathname.split('/')[1] ?? '';

/**
 * Where a page reached inside the app opens: at its top, at once (never a smooth scroll from where the
 * last page was). With focusHeading, focus goes to the page's main heading, as after a page load a
 * screen reader starts at the content: a visitor who switched edition or sent a form learns first where
 * they are, and Tab continues from there (focus left on the body started again at the skip link).
 */
export function arrive({ focusHeading }: { focusHeading: boolean }): void {
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  if (!focusHeading) return;
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}
