// Next's request headers (README.md, assumptions 5 and 7). Erasable TypeScript only (server.ts loads it).

/**
 * Request headers by which Next's router asks for something other than a page's HTML: RSC payloads,
 * prefetches, server actions (next/dist/client/components/app-router-headers.js). The page cache
 * neither serves nor keeps such a request (assumption 5).
 */
export const NEXT_REQUEST_HEADERS = ['rsc', 'next-action', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-url', 'next-hmr-refresh'] as const;
/** Next's module that names them (the contract compares NEXT_REQUEST_HEADERS with its exports). */
export const ROUTER_HEADERS_MODULE = 'next/dist/client/components/app-router-headers.js';
/** The header of a server action posted by JavaScript (a form posted without JavaScript has none). */
export const ACTION_HEADER = 'next-action';
/** The request header Next reads the CSP nonce from, to put it on its scripts and styles (assumption 7). */
export const NONCE_REQUEST_HEADER = 'content-security-policy';

/** Does a request carry one of Next's RSC, router or action headers? */
export function isNextRouterRequest(headers: Record<string, string | string[] | undefined>): boolean {
  return NEXT_REQUEST_HEADERS.some((name) => headers[name] !== undefined);
}
