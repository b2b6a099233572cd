// The security headers every response carries, in one place: proxy.ts sets them on what the app answers
// (lib/security/headers.ts), server.ts sets them first on every response, so that what never reaches the
// proxy carries them too (Next's trailing-slash redirects, /_next/static and /_next/image, Next's own 404s,
// and the server's own 400, 405, 413 and 503).

/** The CSP of everything that is not an HTML page of the site: nothing may run, load or frame it. */
export const CLOSED_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The full set, with a CSP that allows nothing; an HTML page replaces the CSP with its nonce policy.
 * HSTS only over HTTPS (as the trusted proxy reports it: lib/http/forwarded.ts).
 */
export function securityHeaders({ csp = CLOSED_CSP, https = false }: { csp?: string; https?: boolean } = {}): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    ...(https ? { 'strict-transport-security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}
