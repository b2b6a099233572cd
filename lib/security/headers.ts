import type { NextResponse } from 'next/server';
import { CLOSED_CSP, securityHeaders } from '@/lib/http/security-headers.ts';

/**
 * The security headers of every response the app sends, set by proxy.ts: HTML pages carry the nonce
 * CSP; everything else (the APIs, XML, files, images) a CSP that allows nothing, so a response can never
 * run or frame anything even if it is opened as a document. The set itself is lib/http/security-headers.ts,
 * which server.ts also puts on the responses that never reach the proxy.
 */
export { CLOSED_CSP };

export function withSecurityHeaders<R extends NextResponse>(response: R, { csp, https }: { csp: string; https: boolean }): R {
  for (const [name, value] of Object.entries(securityHeaders({ csp, https }))) response.headers.set(name, value);
  // The endpoint `report-to csp` names: the same address as the policy's report-uri.
  const reportUri = /(?:^|; )report-uri ([^\s;]+)/.exec(csp)?.[1];
  if (reportUri) response.headers.set('reporting-endpoints', `csp="${reportUri}"`);
  return response;
}
