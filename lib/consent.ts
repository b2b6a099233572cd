import { editionOfPath, pathInEdition } from '@/lib/i18n/locale';

// The consent cookie is read in one place, lib/cookie-header (the page cache keys on the same reading).
export { CONSENT_COOKIE, consentOf, parseConsent, type Consent } from '@/lib/cookie-header.ts';
export const CONSENT_MAX_AGE = 365 * 24 * 60 * 60;

/** Pages where the tag manager never runs, whatever the consent: the card checkout. */
export function isTagFreePath(pathname: string): boolean {
  return editionOfPath(pathname) !== undefined && /^\/checkout(\/|$)/.test(pathInEdition(pathname));
}
