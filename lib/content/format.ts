import type { Locale } from '@/lib/i18n/editions';

/** `DD.MM.YYYY` → the parts; the schemas have already checked the value. */
export function parseContentDate(value: string): { year: number; month: number; day: number } {
  const [day, month, year] = value.split('.').map(Number) as [number, number, number];
  return { year, month, day };
}

/** `DD.MM.YYYY` → `YYYY-MM-DD`, for `<time dateTime>` and structured data. */
export function isoDate(value: string): string {
  const { year, month, day } = parseContentDate(value);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Sort key, newest first with `b - a`. */
export function dateValue(value: string): number {
  const { year, month, day } = parseContentDate(value);
  return Date.UTC(year, month - 1, day);
}

/**
 * The spec's display form 'MONTH DD, YYYY' in the edition's language, upper-cased with the language's
 * own rules (Greek drops the tonos): `MARCH 05, 2026`, `MARTS 05, 2026`, `ΜΑΡΤΙΟΣ 05, 2026`.
 * The month is the standalone (nominative) name, as it stands alone before the day.
 */
export function formatContentDate(value: string, locale: Locale): string {
  const { year, month, day } = parseContentDate(value);
  // The month of a 'month year' format is the standalone form in every language (Greek 'month' alone
  // gives the genitive Μαρτίου; 'month year' gives Μάρτιος).
  const monthName =
    new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
      .formatToParts(new Date(Date.UTC(year, month - 1, 1)))
      .find((part) => part.type === 'month')?.value ?? String(month);
  return `${monthName.toLocaleUpperCase(locale)} ${String(day).padStart(2, '0')}, ${year}`;
}

/** The text of content HTML: tags and entities become spaces, whitespace is collapsed. */
export function htmlToText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&[#a-z0-9]+;/gi, ' ').replace(/\s+/g, ' ').trim();
}

/** Words of an HTML or plain text: split on whitespace, counting those with a letter or digit. */
export function wordCount(html: string): number {
  return htmlToText(html).split(' ').filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Reading speed of the spec (section 9). */
export const WORDS_PER_MINUTE = 15;

/**
 * Read time in whole minutes: word count / 15, rounded up (a started minute counts), at least 1.
 */
export function readTime(html: string): number {
  return Math.max(1, Math.ceil(wordCount(html) / WORDS_PER_MINUTE));
}
