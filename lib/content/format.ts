import type { Locale } from '@/lib/i18n/editions';
import { dateTimeFormat } from '@/lib/i18n/intl-cache';

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
 * A content date as people of the edition's language write it in running text, through
 * `Intl.DateTimeFormat` with the locale's own pattern: `5 March 2026`, `2026. gada 5. marts`,
 * `5 марта 2026`, `5. märts 2026`, `5 Μαρτίου 2026`. (The spec's `MONTH DD, YYYY` describes the original's
 * English display; an English pattern is wrong in the other four languages.) Russian drops the
 * abbreviation «г.» that ICU appends, as Russian websites do in dates set apart like this.
 */
export function formatContentDate(value: string, locale: Locale): string {
  const { year, month, day } = parseContentDate(value);
  const text = dateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
  return locale.startsWith('ru-') ? text.replace(/\s*г\.$/u, '') : text;
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
