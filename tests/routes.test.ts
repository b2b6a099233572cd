import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { handlers, indexablePaths, isCacheableRoute, listPagePath, mainNav, matchHandler, matchRoute, pageOf, pageState, PAGE_METHODS, routes, type HandlerRoute, type Lists, type Route } from '@/lib/routes';
import { LIST_PAGE_ITEMS } from '@/lib/limits';

const app = path.join(__dirname, '..', 'app');
/** Next's metadata routes written as code (a static icon.svg or favicon.ico is a file, not a route). */
const METADATA = /^(robots|sitemap|manifest|icon|apple-icon|opengraph-image|twitter-image)\.tsx?$/;
const METADATA_PATH: Record<string, string> = { robots: '/robots.txt', sitemap: '/sitemap.xml', manifest: '/manifest.webmanifest' };

/** Every file under app/ that answers requests (a page, a route handler, a metadata route), with its path. */
function routeFiles(dir = app): { file: string; path: string }[] {
  const here = readdirSync(dir);
  const folder = `/${path.relative(app, dir).split(path.sep).join('/')}`.replace(/\/$/, '') || '/';
  const own = here
    .filter((name) => /^(page|route)\.tsx?$/.test(name) || METADATA.test(name))
    .map((name) => ({
      file: path.relative(path.join(app, '..'), path.join(dir, name)).split(path.sep).join('/'),
      path: METADATA.test(name) ? `${folder.replace(/\/$/, '')}${METADATA_PATH[name.split('.')[0]!] ?? `/${name.split('.')[0]}`}` : folder,
    }));
  const nested = here
    .filter((name) => !name.startsWith('_') && !name.startsWith('(') && statSync(path.join(dir, name)).isDirectory())
    .flatMap((name) => routeFiles(path.join(dir, name)));
  return [...own, ...nested];
}
const inEditions = (file: string) => file.startsWith('app/[locale]/');
/** A route's path in the table: an edition's relative to app/[locale]. */
const tablePath = ({ file, path: at }: { file: string; path: string }) => (inEditions(file) ? at.replace(/^\/\[locale\]/, '') || '/' : at);
const exportedMethods = (file: string) =>
  ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => new RegExp(`export (const|async function|function) ${m}\\b`).test(readFileSync(path.join(app, '..', file), 'utf8')));
const handlerFile = (route: HandlerRoute) => route.file ?? ['route.ts', 'route.tsx'].map((name) => `app${route.path}/${name}`).find((name) => existsSync(path.join(app, '..', name)));

const en = { lang: 'en', country: 'lv' };
const lists: Lists = async (source) => (source === 'articles' ? [{ slug: 'hello', modified: '2026-01-02' }, { slug: 'older', modified: '2025-12-01' }] : source === 'pages' ? [{ slug: 'contacts' }] : []);

describe('the route registry', () => {
  it('names every route file of app/ (page, route handler, metadata route), and each entry has its file', () => {
    const files = routeFiles();
    expect(files.length).toBeGreaterThan(30);
    // Both ways: every file of the editions is a route of the table and every route a file; the same for
    // the handlers outside them (the APIs, /api/csp-report among them, the test provider, robots, sitemap).
    expect(files.filter((f) => inEditions(f.file)).map(tablePath).sort()).toEqual(routes.map((r) => r.path).sort());
    expect(files.filter((f) => !inEditions(f.file)).map(tablePath).sort()).toEqual(handlers.map((r) => r.path).sort());
    for (const route of handlers) expect(handlerFile(route), route.path).toBeDefined();
    expect(handlers.map((r) => r.path)).toContain('/api/csp-report');
  });

  it('gives each route handler exactly the methods its file exports, and each page the page methods', () => {
    for (const route of [...routes, ...handlers] as readonly (Route | HandlerRoute)[]) {
      const file = 'index' in route ? routeFiles().find((f) => inEditions(f.file) && tablePath(f) === route.path)!.file : handlerFile(route as HandlerRoute)!;
      const methods = route.methods ?? PAGE_METHODS;
      if (file.endsWith('/page.tsx')) {
        expect(route.methods, route.path).toBeUndefined();
        continue;
      }
      // A metadata route answers GET (and HEAD) by itself.
      const exported = METADATA.test(path.basename(file)) ? ['GET'] : exportedMethods(file);
      expect(exported, route.path).toEqual(Object.keys(methods).filter((m) => m !== 'HEAD' && m !== 'OPTIONS'));
    }
  });

  it('matches a handler with its parameters, and knows which pages the page cache may keep', () => {
    expect(matchHandler('/api/payments/notify/sandbox')?.path).toBe('/api/payments/notify/[provider]');
    expect(matchHandler('/api/payments/notify')?.path).toBe('/api/payments/notify');
    expect(matchHandler('/robots.txt')?.path).toBe('/robots.txt');
    expect(matchHandler('/robotsxtxt')).toBeNull();
    expect(matchHandler('/api/nope')).toBeNull();
    for (const kept of ['/', '/blog/[slug]', '/careers/[slug]', '/[slug]']) expect(isCacheableRoute(kept), kept).toBe(true);
    for (const never of ['/checkout/[payment]', '/form-success', '/unavailable', '/blog/rss.xml', undefined]) expect(isCacheableRoute(never), String(never)).toBe(false);
  });

  it('matches static routes before dynamic ones, and the catch-all last', () => {
    expect(matchRoute('/faq')?.route.path).toBe('/faq');
    expect(matchRoute('/faq/')?.route.path).toBe('/faq');
    expect(matchRoute('/blog/rss.xml')?.route.path).toBe('/blog/rss.xml');
    expect(matchRoute('/blog/hello')).toMatchObject({ route: { path: '/blog/[slug]' }, param: 'hello' });
    expect(matchRoute('/terms-and-conditions')).toMatchObject({ route: { path: '/[slug]' }, param: 'terms-and-conditions' });
    expect(matchRoute('/checkout/0b6f4c1e-2f4a-4c83-9a55-6a1f3b2c9d10/return')?.route.path).toBe('/checkout/[payment]/return');
    expect(matchRoute('/checkout/not-a-payment')).toBeNull();
    expect(matchRoute('/blog/a/b')).toBeNull();
    expect(matchRoute('/Blog')).toBeNull();
  });

  it('asks the lists whether an item exists, and says so when a list cannot be had now', async () => {
    expect(await pageState('/blog/hello', en, lists)).toBe('exists');
    expect(await pageState('/blog/nope', en, lists)).toBe('missing');
    expect(await pageState('/about', en, lists)).toBe('exists');
    expect(await pageState('/nope/nope', en, lists)).toBe('missing');
    expect(await pageState('/blog/any', en, async () => null)).toBe('unavailable');
    expect(await pageState('/blog', en, async () => null)).toBe('unavailable');
    expect(await pageState('/about', en, async () => null)).toBe('exists');
  });

  it('lists indexable paths with dates, list pages dated by their newest item', async () => {
    const paths = await indexablePaths(en, lists);
    expect(paths).toContainEqual({ path: '/blog/hello', modified: '2026-01-02' });
    expect(paths).toContainEqual({ path: '/blog', modified: '2026-01-02' });
    expect(paths.map((p) => p.path)).not.toContain('/form-success');
    expect(paths.map((p) => p.path).filter((p) => p.includes('checkout'))).toEqual([]);
  });

  it('pages long lists by path segment: /blog/page/2 … the last page exist, page 1 is /blog itself, nothing past the end', async () => {
    const many = Array.from({ length: LIST_PAGE_ITEMS.articles * 2 + 1 }, (_, i) => ({ slug: `a${i}`, modified: '2026-01-01' }));
    const long: Lists = async (source) => (source === 'articles' ? many : []);
    expect(await pageState('/blog/page/2', en, long)).toBe('exists');
    expect(await pageState('/blog/page/3', en, long)).toBe('exists');
    expect(await pageState('/blog/page/4', en, long)).toBe('missing');
    expect(await pageState('/blog/page/1', en, long)).toBe('missing');
    expect(await pageState('/blog/page/02', en, long)).toBe('missing');
    expect(await pageState('/blog/page/2', en, lists)).toBe('missing');
    const paths = (await indexablePaths(en, long)).map((p) => p.path);
    expect(paths.filter((p) => p.startsWith('/blog/page/'))).toEqual(['/blog/page/2', '/blog/page/3']);
    expect(listPagePath('/blog', 1)).toBe('/blog');
    expect(pageOf('articles', many, 3)).toMatchObject({ page: 3, pages: 3, items: [many.at(-1)] });
  });

  it('has a main navigation whose every link is a route', () => {
    for (const item of mainNav) expect(matchRoute(item.href), item.href).not.toBeNull();
  });
});

describe('the page cache and the list pages (issue 50)', () => {
  it('keeps a further page of a list (/blog/page/2) as it keeps the list itself: paging by path is what lets a long list be cached', async () => {
    const paged = routes.filter((route) => 'pagesOf' in route);
    expect(paged.map((route) => route.path).sort()).toEqual(['/blog/page/[page]', '/careers/page/[page]', '/faq/page/[page]', '/guides/page/[page]']);
    for (const route of paged) {
      expect(isCacheableRoute(route.path.replace(/\/page\/\[page\]$/, '')), route.path).toBe(true);
      expect(isCacheableRoute(route.path), route.path).toBe(true);
    }
  });
});
