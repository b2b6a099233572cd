import { defaultLocale, editionByPrefix, editions, isLocale, prefixes, type Edition, type Locale } from './editions';

/**
 * The locale rules every part of the site shares: which locale a posted form or JSON body asks for,
 * whether a path is already inside an edition, and what a path is without its edition.
 */

/** `/lv-en`, `/lv-en/...`, `/lv-en?x`, `/lv-en#y`: a path that already starts with an edition prefix. */
const EDITION_PATH = new RegExp(`^/(${editions.map((e) => e.prefix).join('|')})(?=/|$|[?#])`);

export function isEditionPath(path: string): boolean {
  return EDITION_PATH.test(path);
}

/** The edition a path starts with (exact, lowercase prefix), if any. */
export function editionOfPath(path: string): Edition | undefined {
  return editionByPrefix(path.split('/')[1] ?? '');
}

/** A page path without its edition prefix: `/lv-en/blog/x` → `/blog/x`, `/lv-en` → `/`. */
export function pathInEdition(path: string): string {
  return path.replace(/^\/[^/]+/, '') || '/';
}

/**
 * The locale a form or a JSON body asks for: its `locale` field when it is one of the nine, else the
 * edition of its `lang` (a content language; the API's callers send that), else `fallback` (the
 * request's own edition where there is one, the default edition otherwise).
 */
export function requestedLocale(input: { locale?: unknown; lang?: unknown }, fallback: Locale = defaultLocale): Locale {
  if (isLocale(input.locale)) return input.locale;
  const lang = typeof input.lang === 'string' ? input.lang.toLowerCase() : '';
  return editions.find((e) => e.language === lang)?.locale ?? fallback;
}

/** A posted form's `locale` field, read with the rule above. */
export function formLocale(data: FormData, fallback: Locale): Locale {
  const value = data.get('locale');
  return requestedLocale({ locale: typeof value === 'string' ? value : undefined }, fallback);
}

/**
 * A site path in an edition: `/blog/x` → `/lv-en/blog/x`, `/` → `/lv-en`. The same as next-intl's
 * `getPathname` for this routing (every path prefixed, custom prefixes, no localized pathnames; a unit
 * test holds the two together), without importing next-intl's navigation, whose client link would
 * otherwise ship in every page's JavaScript.
 */
export function localizedPath(locale: Locale, href: string): string {
  const prefix = prefixes[locale];
  if (href === '/' || href === '') return prefix;
  if (href.startsWith('/?') || href.startsWith('/#')) return `${prefix}${href.slice(1)}`;
  return `${prefix}${href}`;
}
