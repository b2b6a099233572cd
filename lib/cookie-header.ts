// The site's one reader of the Cookie header, for every reader that decides something from it: the
// page cache's key (lib/http/page-cache.ts), the render's consent banner (components/layout/SiteShell),
// the edition cookies. One parser, so the cache and the render can never read one header two ways
// (issue 37, finding 1: the cache took the first GDPR_ACCEPT and needed "=", Next's parser the last and a
// bare name as "true").
//
// The rules: parts split at ";", a part without "=" is no cookie, names are case-sensitive, names and
// values are trimmed, a value in double quotes loses them, nothing is %-decoded.

/** Every value cookie `name` has in a Cookie header (several if it is sent more than once). */
export function cookieValues(header: string | null | undefined, name: string): string[] {
  const values: string[] = [];
  for (const part of String(header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    values.push(value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value);
  }
  return values;
}

/** The value of cookie `name` (the first one sent: the most specific path), or undefined when it is not there. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  return cookieValues(header, name)[0];
}

/** The cookie that remembers the visitor's analytics choice (spec 7 and 9). */
export const CONSENT_COOKIE = 'GDPR_ACCEPT';

export type Consent = 'accepted' | 'rejected' | null;

/** `true` accepted, `false` rejected, anything else: not asked yet. */
export function parseConsent(value: string | undefined): Consent {
  return value === 'true' ? 'accepted' : value === 'false' ? 'rejected' : null;
}

/**
 * The visitor's consent as the whole site reads it from a Cookie header: the banner's answer only when
 * every GDPR_ACCEPT cookie sent says the same; two that disagree (a stale copy on another domain, or a
 * forged one) count as not asked, so the banner asks again and nothing loads without a clear yes.
 */
export function consentOf(header: string | null | undefined): Consent {
  const answers = new Set(cookieValues(header, CONSENT_COOKIE).map(parseConsent));
  return answers.size === 1 ? ([...answers][0] ?? null) : null;
}
