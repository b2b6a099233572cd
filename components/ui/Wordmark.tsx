// The "Billme" wordmark as outlines: the same letters on every load, whatever font the page is drawn in.
import { WORDMARK } from './wordmark';

/** Decorative drawing of the name (aria-hidden): the link around it carries the name as text. Sized in em, like the text it replaced. */
export function Wordmark({ className }: { className?: string }) {
  return (
    <svg viewBox={WORDMARK.viewBox} className={className} aria-hidden="true" focusable="false" height="0.78em" width={`${((WORDMARK.width / WORDMARK.height) * 0.78).toFixed(2)}em`}>
      <path d={WORDMARK.d} fill="currentColor" />
    </svg>
  );
}
