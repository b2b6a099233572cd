export type Consent = 'accepted' | 'rejected' | null;
export declare function cookieValues(header: string | null | undefined, name: string): string[];
export declare function cookieValue(header: string | null | undefined, name: string): string | undefined;
export declare const CONSENT_COOKIE: 'GDPR_ACCEPT';
export declare function parseConsent(value: string | undefined): Consent;
export declare function consentOf(header: string | null | undefined): Consent;
