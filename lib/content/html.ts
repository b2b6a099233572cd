import { env } from '@/lib/env';
import type { Locale } from '@/lib/i18n/editions';
import { localizedPath } from '@/lib/i18n/locale';
import { renderFacts } from '@/lib/facts/html';
import { sanitizeContentHtml } from './sanitize';
import { CONTENT_HTML_CACHE_ENTRIES } from '@/lib/limits.ts';
import { setNewest } from '@/lib/newest-map';

/** Stands for the edition prefix in sanitized HTML until it is rendered in one edition. */
const EDITION = '/__edition__';
const sanitized = new Map<string, string>();

/**
 * Content HTML as a page of one edition renders it: through the sanitizer (once per distinct text: the
 * same article serves three editions and every request), with site links put in the visitor's edition
 * and the company facts it names ({{facts.…}}) filled in for that edition.
 */
export function editionHtml(html: string, locale: Locale): string {
  let clean = sanitized.get(html);
  if (clean === undefined) {
    clean = sanitizeContentHtml(html, {
      localizePath: (path) => (path === '/' ? EDITION : `${EDITION}${path}`),
      siteOrigin: new URL(env.NEXT_PUBLIC_SITE_URL).origin,
    });
    setNewest(sanitized, html, clean, CONTENT_HTML_CACHE_ENTRIES);
  }
  return renderFacts(clean.replaceAll(`href="${EDITION}`, `href="${localizedPath(locale, '/')}`), locale);
}
