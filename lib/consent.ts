import { editionOfPath, pathInEdition } from '@/lib/i18n/locale';

/** The cookie that remembers the visitor's analytics choice (spec 7 and 9). */
export const CONSENT_COOKIE = 'GDPR_ACCEPT';
export const CONSENT_MAX_AGE = 365 * 24 * 60 * 60;

export type Consent = 'accepted' | 'rejected' | null;

/** `true` accepted, `false` rejected, anything else: not asked yet. */
export function parseConsent(value: string | undefined): Consent {
  return value === 'true' ? 'accepted' : value === 'false' ? 'rejected' : null;
}

/** Pages where the tag manager never runs, whatever the consent: the card checkout. */
export function isTagFreePath(pathname: string): boolean {
  return editionOfPath(pathname) !== undefined && /^\/checkout(\/|$)/.test(pathInEdition(pathname));
}
