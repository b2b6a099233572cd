// What a request may send, known from its method, path and content type before a byte of its body is
// read: the route's methods and body limits come from the route table (lib/routes.ts), the editions from
// lib/i18n/editions.ts. server.ts's body guard (body-limit.ts) applies it, the proxy asks it for a page's
// limit. TypeScript that Node runs directly (type stripping): relative imports carry their extension.
import { editionByPrefix, type Edition } from '../i18n/editions.ts';
import { FORM_POST_MAX_BYTES } from '../limits.ts';
import { matchHandler, matchRoute, PAGE_METHODS, type Methods } from '../routes.ts';

/** An /api path the table does not name (Next answers it with a 404): a small body with any method. */
const UNLISTED_API_LIMIT = FORM_POST_MAX_BYTES;
/** Next's own files: read only. */
const NEXT_FILES: Methods = { GET: 0, HEAD: 0 };

export type BodyRule = { limit: number } | { status: 405; allow: string[] };

/** The path of a request's URL, without its query or a trailing slash (the routes' rules and server.ts). */
export const pathOf = (url: string) => (url.split('?')[0] || '/').replace(/(.)\/+$/, '$1');

/** Is this an API path? (the APIs answer in JSON) */
export const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/** The edition a path begins with (`/ee-et/...`), if any. */
export function editionOfUrl(url: string): Edition | undefined {
  return editionByPrefix(pathOf(url).split('/')[1] ?? '');
}

/**
 * What a request may send: `{ limit }` in bytes, or the 405 of a method its route does not take, with the
 * methods it does. Only a multipart form can carry a file, so only a multipart post to a route with a
 * file field (a vacancy: its CV) gets that route's larger limit.
 */
export function bodyRule(method: string, url: string, contentType = ''): BodyRule {
  const pathname = pathOf(url);
  let methods: Methods | undefined = matchHandler(pathname)?.methods;
  if (!methods && isApiPath(pathname)) return { limit: UNLISTED_API_LIMIT };
  if (!methods && pathname.startsWith('/_next/')) methods = NEXT_FILES;
  if (!methods) {
    // Pages (and the site's files, which the proxy passes on): forms post to their own page.
    const edition = editionOfUrl(pathname);
    const route = edition ? matchRoute(pathname.slice(edition.prefix.length + 1) || '/')?.route : undefined;
    if (route?.multipart && method === 'POST' && /^multipart\/form-data/i.test(contentType)) return { limit: route.multipart };
    methods = route?.methods ?? PAGE_METHODS;
  }
  const limit = methods[method as keyof Methods];
  if (limit === undefined) return { status: 405, allow: Object.keys(methods).filter((m) => m !== 'OPTIONS' || method === 'OPTIONS') };
  return { limit };
}
