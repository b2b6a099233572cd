// A post whose Origin names another host than the one it was sent to (issue 47, finding 9).
//
// Next's server actions compare the Origin's host with the request's (X-Forwarded-Host, else Host) and
// throw when they differ: a 500 and three error lines, for anyone who sends a foreign Host with the
// site's Origin and a Next-Action header (nginx passes the client's Host on), enough to fire the
// error-ratio alert. server.ts answers such a post 403 before Next; a browser's post from a page of the
// site always names the host it posts to. Nothing is built from the Host: it is only compared.
// TypeScript that Node runs directly (type stripping).
import type { IncomingHttpHeaders } from 'node:http';

const one = (value: string | string[] | undefined): string => (Array.isArray(value) ? (value[0] ?? '') : (value ?? '')).trim().toLowerCase();

/**
 * Is this a POST whose Origin (when it sends one) names another host than the request's own? An
 * Origin that is no URL (`null`, from a sandboxed frame or a redirect) counts as another.
 */
export function crossHostPost(method: string | undefined, headers: IncomingHttpHeaders): boolean {
  if (method !== 'POST') return false;
  const origin = one(headers.origin);
  if (!origin) return false;
  const host = one(headers['x-forwarded-host']).split(',').at(-1)!.trim() || one(headers.host);
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}
