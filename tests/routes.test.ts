import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexablePaths, mainNav, matchRoute, pageState, routes, type Lists } from '@/lib/routes';

const root = path.join(__dirname, '..', 'app', '[locale]');

/** Every folder under app/[locale] that answers requests (a page or a route handler), as a path. */
function routeFolders(dir = root): string[] {
  const here = readdirSync(dir);
  const own = here.some((name) => name === 'page.tsx' || name === 'route.ts') ? [`/${path.relative(root, dir).split(path.sep).join('/')}`.replace(/\/$/, '') || '/'] : [];
  const nested = here
    .filter((name) => !name.startsWith('_') && !name.startsWith('(') && statSync(path.join(dir, name)).isDirectory())
    .flatMap((name) => routeFolders(path.join(dir, name)));
  return [...own, ...nested];
}

const lists: Lists = async (source) => (source === 'articles' ? [{ slug: 'hello', modified: '2026-01-02' }, { slug: 'older', modified: '2025-12-01' }] : source === 'pages' ? [{ slug: 'contacts' }] : []);

describe('the route registry', () => {
  it('names every folder of app/[locale] and no other', () => {
    expect(routes.map((r) => r.path).sort()).toEqual(routeFolders().sort());
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
    expect(await pageState('/blog/hello', 'en', lists)).toBe('exists');
    expect(await pageState('/blog/nope', 'en', lists)).toBe('missing');
    expect(await pageState('/about', 'en', lists)).toBe('exists');
    expect(await pageState('/nope/nope', 'en', lists)).toBe('missing');
    expect(await pageState('/blog/any', 'en', async () => null)).toBe('unavailable');
    expect(await pageState('/blog', 'en', async () => null)).toBe('unavailable');
    expect(await pageState('/about', 'en', async () => null)).toBe('exists');
  });

  it('lists indexable paths with dates, list pages dated by their newest item', async () => {
    const paths = await indexablePaths('en', lists);
    expect(paths).toContainEqual({ path: '/blog/hello', modified: '2026-01-02' });
    expect(paths).toContainEqual({ path: '/blog', modified: '2026-01-02' });
    expect(paths.map((p) => p.path)).not.toContain('/form-success');
    expect(paths.map((p) => p.path).filter((p) => p.includes('checkout'))).toEqual([]);
  });

  it('has a main navigation whose every link is a route', () => {
    for (const item of mainNav) expect(matchRoute(item.href), item.href).not.toBeNull();
  });
});
