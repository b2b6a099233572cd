import type { NextResponse } from 'next/server';

/**
 * The security headers of every response the server sends, set in one place (proxy.ts): HTML pages
 * carry the nonce CSP; everything else (the APIs, XML, files, images) a CSP that allows nothing, so a
 * response can never run or frame anything even if it is opened as a document.
 */
export const CLOSED_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function withSecurityHeaders<R extends NextResponse>(response: R, { csp, https }: { csp: string; https: boolean }): R {
  response.headers.set('content-security-policy', csp);
  // The endpoint `report-to csp` names: the same address as the policy's report-uri.
  const reportUri = /(?:^|; )report-uri ([^\s;]+)/.exec(csp)?.[1];
  if (reportUri) response.headers.set('reporting-endpoints', `csp="${reportUri}"`);
  response.headers.set('x-content-type-options', 'nosniff');
  response.headers.set('referrer-policy', 'strict-origin-when-cross-origin');
  response.headers.set('x-frame-options', 'DENY');
  response.headers.set('cross-origin-opener-policy', 'same-origin');
  response.headers.set('cross-origin-resource-policy', 'same-origin');
  response.headers.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
  if (https) response.headers.set('strict-transport-security', 'max-age=63072000; includeSubDomains');
  return response;
}
