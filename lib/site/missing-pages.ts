// Which paths are an edition's missing pages, and which of its 404 pages each gets (issue 47: a flood of
// made-up paths rendered a 404 in Next for each). The proxy marks the 404 it renders with `notFoundPageMark`;
// server.ts asks `missingPageMark` (through lib/handoff.ts) before Next, so its page cache answers every
// missing path of a section with the one 404 it kept (lib/http/page-cache.ts).
import { notFoundMark, PLAIN_PATH } from '@/lib/http/page-cache.ts';
import { editionByPrefix } from '@/lib/i18n/editions';
import { pathInEdition } from '@/lib/i18n/locale';
import { mainNav, matchRoute } from '@/lib/routes';
import { isSiteFile } from '@/lib/site/files';
import { pageState } from '@/lib/site/pages';

/**
 * The 404 mark of a missing path of the edition `prefix`: the page differs only by the main navigation's
 * entry it lies under (that link is marked current), so the section is in the mark.
 */
export function notFoundPageMark(prefix: string, path: string): string {
  const section = mainNav.find(({ href }) => href !== '/' && (path === href || path.startsWith(`${href}/`)))?.href ?? '';
  return notFoundMark(prefix, section);
}

/**
 * The 404 mark of `pathname` when it is a missing page of an edition (what the proxy would answer), else
 * null. Plain paths only (PLAIN_PATH): anything else is left to Next, as without the cache.
 */
export async function missingPageMark(pathname: string): Promise<string | null> {
  if (!PLAIN_PATH.test(pathname) || isSiteFile(pathname)) return null;
  const prefix = pathname.split('/')[1] ?? '';
  const edition = editionByPrefix(prefix);
  if (!edition) return null;
  const path = pathInEdition(pathname);
  // A route of its own (a list, a form page) is never missing: no list is asked, so a content API that
  // hangs costs this lookup nothing (this bundle's content source has its own pause: hostile.spec).
  const route = matchRoute(path)?.route;
  if (route && !('items' in route) && !('pagesOf' in route)) return null;
  return (await pageState(edition.locale, path)) === 'missing' ? notFoundPageMark(prefix, path) : null;
}
