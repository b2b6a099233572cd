import { MARK } from '@/lib/http/page-cache.ts';

/**
 * The registry's pages that show nothing from the visitor, so their HTML may be kept by the page cache
 * of server.ts (lib/http/page-cache.ts) and served again with a fresh nonce. Never here: checkout (a
 * payment), /form-success (a form's result), /unavailable (a 503), the RSS file. A form page is here: its
 * GET is the empty form; its results are POST answers, which are never kept.
 */
const CACHEABLE = new Set<string>([
  '/',
  '/about',
  '/business',
  '/blog',
  '/blog/[slug]',
  '/guides',
  '/guides/[slug]',
  '/faq',
  '/faq/[slug]',
  '/careers',
  '/careers/[slug]',
  '/ask-question',
  '/business-start-form',
  '/companies/[company]',
  '/[slug]',
]);

export function isCacheableRoute(routePath: string | undefined): boolean {
  return routePath !== undefined && CACHEABLE.has(routePath);
}

/** The response header server.ts looks for (and removes) before keeping a page. */
export const PAGE_CACHE_MARK = MARK;
