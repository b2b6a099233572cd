// The cookies that remember the visitor's edition, and the one rule for when a page's answer sets them.
//
// Spec: the chosen locale is kept for 365 days and the country cookie follows the prefix's country.
// Opening a page of an edition is choosing it (the chooser's Apply is the other way), so a document
// answer of an edition's page sets each cookie whose value is not already the edition's.
//
// These cookies are a property of one answer, like its nonce, not of the page: the proxy names the
// page's edition in EDITION_HEADER and server.ts turns it into Set-Cookie for each answer, rendered or
// served from the page cache (lib/http/page-cache.ts), from that request's own cookies. A kept page
// therefore never holds a Set-Cookie, and a first-time visitor is served from the cache too.
//
// Erasable TypeScript only, so that server.ts (run by Node without a compiler) imports the same file.
import { cookieValue } from '../cookie-header.ts';

export const LOCALE_COOKIE = 'BILLME_LOCALE';
export const COUNTRY_COOKIE = 'BILLME_COUNTRY';
/** 365 days, in seconds. */
export const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The proxy's answer header naming the page's edition (`lv-LV lv`); server.ts removes it. */
export const EDITION_HEADER = 'x-billme-edition';

const LOCALE_SHAPE = /^[a-z]{2}-[A-Z]{2}$/;
const COUNTRY_SHAPE = /^[a-z]{2}$/;

/** The EDITION_HEADER value of an edition. */
export function editionHeader(locale: string, country: string): string {
  return `${locale} ${country}`;
}

/**
 * The Set-Cookie values of one answer of an edition's page: none for a request that is not a document
 * (a prefetch, an iframe's subresource) or whose cookies already name the edition. `edition` is the
 * EDITION_HEADER value (anything malformed sets nothing).
 */
export function editionCookies(edition: unknown, { cookie, secFetchDest, https = false }: { cookie?: string | null; secFetchDest?: string | string[] | null; https?: boolean }): string[] {
  const [locale = '', country = ''] = String(edition ?? '').split(' ');
  if (!LOCALE_SHAPE.test(locale) || !COUNTRY_SHAPE.test(country)) return [];
  if ((secFetchDest ?? 'document') !== 'document') return [];
  const attributes = `; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax${https ? '; Secure' : ''}`;
  const wanted: [string, string][] = [
    [LOCALE_COOKIE, locale],
    [COUNTRY_COOKIE, country],
  ];
  return wanted.filter(([name, value]) => cookieValue(cookie, name) !== value).map(([name, value]) => `${name}=${value}${attributes}`);
}
