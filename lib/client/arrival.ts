/** The edition of a site path (`/lv-en/faq` → `lv-en`). */
export const editionOf = (pathname: string): string => pathname.split('/')[1] ?? '';

/** Where a form was sent from, and when (sessionStorage: an edition switch loads a whole new document). */
const SENT_KEY = 'billme:form-sent';
/** A page reached longer after the form was sent is not its answer. */
const SENT_FRESH_MS = 60_000;

function store(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage unavailable (privacy mode): focus simply stays where the browser puts it
  }
}

/** Notes that a form is being sent from this page (its answer may be another page, or another document). */
export function noteFormSent(): void {
  store()?.setItem(SENT_KEY, JSON.stringify({ path: window.location.pathname, at: Date.now() }));
}

/** Forgets a sent form (a link followed afterwards is not its answer). */
export function forgetFormSent(): void {
  store()?.removeItem(SENT_KEY);
}

/** Whether this page is the answer of a form sent from another page in the last minute; forgets it. */
export function answersSentForm(): boolean {
  const raw = store()?.getItem(SENT_KEY);
  if (!raw) return false;
  forgetFormSent();
  try {
    const { path, at } = JSON.parse(raw) as { path: string; at: number };
    return path !== window.location.pathname && Date.now() - at < SENT_FRESH_MS;
  } catch {
    return false;
  }
}

/** Focus on the page's main heading, as a page load's reader starts at the content (tabindex -1 added). */
export function focusMainHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/**
 * Where a page reached inside the app opens: at its top, at once (never a smooth scroll from where the
 * last page was). With focusHeading, focus goes to its main heading: a visitor who switched edition or
 * sent a form learns first where they are, and Tab continues from there (focus left on the body started
 * again at the skip link).
 */
export function arrive({ focusHeading }: { focusHeading: boolean }): void {
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  if (focusHeading) focusMainHeading();
}
