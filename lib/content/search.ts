import { htmlToText } from './format';
import { SEARCH_QUERY_MAX_CHARS } from '@/lib/limits.ts';

/** Case- and accent-insensitive text matching for guide and FAQ search. */

/** Lower-case, without diacritics (ā → a, ό → ο, й → и), whitespace collapsed. */
export function normalizeText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/ς/g, 'σ')
    .replace(/\s+/g, ' ')
    .trim();
}


/** Longest accepted query; longer ones are cut (the API path carries it). */
export const MAX_QUERY_LENGTH = SEARCH_QUERY_MAX_CHARS;

export function cleanQuery(query: string | undefined | null): string {
  return (query ?? '').trim().slice(0, MAX_QUERY_LENGTH);
}

/**
 * Whether every word of the query occurs in one of the fields (so 'pay card' finds 'Add a card ... pay').
 * An empty query matches everything.
 */
export function matches(query: string, fields: readonly string[]): boolean {
  const words = normalizeText(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normalizeText(fields.map(htmlToText).join(' \n '));
  return words.every((word) => haystack.includes(word));
}
