/** The Content-Security-Policy of every HTML response, built around a per-request nonce. */
/** Google's hosts that reCAPTCHA v3 talks to and frames (only when it is configured). */
const RECAPTCHA_HOSTS = ['https://www.google.com', 'https://www.gstatic.com', 'https://recaptcha.google.com'];

/** Google Tag Manager and Analytics (only when a container is configured; the script itself is added
 *  by our nonced code, which 'strict-dynamic' trusts). */
const ANALYTICS_HOSTS = ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'];

/** Where browsers send CSP violation reports (app/api/csp-report). */
export const CSP_REPORT_PATH = '/api/csp-report';

/**
 * `formTargets`: origins a form of this page may lead to besides the site (the checkout page: the payment
 * provider's hosted origins, PAYMENT_HOSTED_ORIGINS; every other page keeps `form-action 'self'`).
 * `reportUrl` (CSP_REPORT_PATH, resolved against the page's address) adds `report-to csp`, with the Reporting-Endpoints
 * header that names `csp` (lib/security/headers.ts), and `report-uri` for browsers without the Reporting API.
 */
export function contentSecurityPolicy(
  nonce: string,
  { dev = false, https = false, captcha = false, analytics = false, reportUrl, formTargets = [] }: { dev?: boolean; https?: boolean; captcha?: boolean; analytics?: boolean; reportUrl?: string; formTargets?: readonly string[] } = {},
): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // 'strict-dynamic' lets Next's nonced scripts load their chunks; no inline script runs without the nonce.
    'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])],
    'style-src': ["'self'", `'nonce-${nonce}'`],
    // next/image and nprogress write style attributes; a nonce cannot cover attributes.
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(captcha ? ['https://www.gstatic.com'] : []), ...(analytics ? ANALYTICS_HOSTS : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(dev ? ['ws:'] : []), ...(captcha ? RECAPTCHA_HOSTS : []), ...(analytics ? ANALYTICS_HOSTS : [])],
    'frame-src': captcha ? RECAPTCHA_HOSTS : ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    // The checkout page's Pay form leads (303) to the payment provider's hosted page: its origins only there.
    'form-action': ["'self'", ...formTargets],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  const policy = Object.entries(directives).map(([k, v]) => `${k} ${v.join(' ')}`);
  if (https) policy.push('upgrade-insecure-requests');
  if (reportUrl) policy.push(`report-uri ${reportUrl}`, 'report-to csp');
  return policy.join('; ');
}

export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The CSP of the test payment provider's page (/test-provider/, lib/payments/test-provider): not a page
 * of the site. Its own style and script under its nonce, nothing else loads; its forms post to itself
 * and are sent on (303) to the site's return address, which `formTargets` names.
 */
export function hostedPagePolicy(nonce: string, formTargets: string): string {
  return `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src 'none'; form-action 'self' ${formTargets}; frame-ancestors 'none'; base-uri 'none'`;
}
