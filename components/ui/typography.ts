/**
 * A heading's dash stays at the end of its line, never at the start of the next (Russian "Оплата —
 * за секунды" broke as "Оплата / — за секунды"): the space before a spaced dash becomes a no-break
 * space. Applied where headings are drawn, so the messages keep plain spaces.
 */
export function keepDash(text: string): string {
  return text.replace(/ ([—–])(?= )/g, '\u00a0$1');
}
