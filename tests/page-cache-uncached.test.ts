// Issue 47: less work reaches Next. Tracking parameters are not in the page cache's key, and an edition's
// 404 is kept once per section and served for every missing path of it, with that path in its form.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { cachePath, isTrackingParam } from '@/lib/http/cache-url.ts';
import { PAGE_CACHE_MARK as MARK } from '@/lib/handoff.ts';
import { cacheKey, createPageCache, notFoundMark, type PageCache } from '@/lib/http/page-cache.ts';

/** A stand-in for Next: a page (or an edition's 404) whose edition chooser form names the page's own path. */
let renders = 0;
function fakeNext(req: http.IncomingMessage, res: http.ServerResponse, notFound: string | null) {
  renders += 1;
  const nonce = randomBytes(16).toString('base64');
  const path = (req.url ?? '/').split('?')[0]!;
  const rest = path.replace(/^\/[^/]+/, '') || '/';
  res.statusCode = notFound ? 404 : 200;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('content-security-policy', `script-src 'nonce-${nonce}'`);
  res.setHeader(MARK, notFound ?? '1');
  res.end(
    `<!DOCTYPE html><html><body><h1>${notFound ? '404' : 'Page'}</h1><form action="${path}" method="POST"><input type="hidden" name="back" value="${path}"/>` +
      `<input type="hidden" name="$ACTION_KEY" value="p${path}"/><input type="hidden" name="path" value="${rest}"/></form><a href="/lv-en/about">About</a><script nonce="${nonce}">go()</script></body></html>`,
  );
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  renders = 0;
});

/** server.ts's order: the app's answer for missing paths (`missing`), then the cache, then Next. */
async function serve(cache: PageCache, missing: (path: string) => string | null = () => null) {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const notFound = cache.misses(req) ? missing(path) : null;
    if (cache.handle(req, res, { notFound })) return;
    fakeNext(req, res, missing(path));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (path: string) => {
    const res = await fetch(base + path);
    return { status: res.status, cache: res.headers.get('x-cache'), body: await res.text() };
  };
}

describe('tracking parameters are not the page (lib/http/cache-url.ts)', () => {
  it('names utm_*, click ids and the like, in any case, and nothing a page reads', () => {
    for (const name of ['utm_source', 'UTM_Campaign', 'utm_anything', 'gclid', 'fbclid', 'msclkid', '_gl', 'mc_eid']) expect(isTrackingParam(name), name).toBe(true);
    for (const name of ['q', 'page', 'cancel', 'unavailable', '_rsc', 'utm', 'locale']) expect(isTrackingParam(name), name).toBe(false);
  });

  it('a query of tracking parameters only is keyed as the page; any other parameter, or a bare `?`, is not kept', () => {
    expect(cachePath('/lv-en/about?utm_source=news&utm_medium=mail')).toBe('/lv-en/about');
    expect(cachePath('/lv-en/about?gclid=abc&fbclid=def&')).toBe('/lv-en/about');
    expect(cachePath('/lv-en/about?utm%5Fsource=x')).toBe('/lv-en/about');
    expect(cachePath('/lv-en/faq?q=fee&utm_source=x')).toBeNull();
    expect(cachePath('/lv-en/faq?_rsc=1')).toBeNull();
    expect(cachePath('/lv-en/faq?')).toBeNull();
    expect(cachePath('/lv-en/faq?%E0=1')).toBeNull();
    const base = { buildId: 'b', version: 0, https: false };
    expect(cacheKey({ method: 'GET', url: '/lv-en/about?utm_campaign=spring', headers: {} }, base)).toBe(cacheKey({ method: 'GET', url: '/lv-en/about', headers: {} }, base));
  });

  it("a campaign with a new click id on every visit is answered with the kept page; a tracked render is not kept (its data names its query)", async () => {
    const get = await serve(createPageCache({ statusHeader: true, lateScripts: false }));
    expect((await get('/lv-en/about?utm_source=a&gclid=1')).cache).toBe('bypass');
    expect((await get('/lv-en/about')).cache).toBe('miss');
    expect((await get('/lv-en/about?utm_source=b&gclid=2')).cache).toBe('hit');
    expect((await get('/lv-en/about?fbclid=3')).cache).toBe('hit');
    expect(renders).toBe(2);
    expect((await get('/lv-en/about?page=2')).cache).toBe('bypass');
    expect(renders).toBe(3);
  });
});

describe("an edition's 404 is kept per section and answers every missing path of it", () => {
  const missing = (path: string) => {
    if (['/lv-en/about', '/lv-en/faq'].includes(path)) return null;
    const section = /^\/lv-en\/faq\//.test(path) ? '/faq' : '';
    return path.startsWith('/lv-en/') ? notFoundMark('lv-en', section) : path.startsWith('/ee-en/') ? notFoundMark('ee-en', '') : null;
  };

  it('a flood of made-up paths is one render, each answer naming its own path', async () => {
    const get = await serve(createPageCache({ statusHeader: true, lateScripts: false }), missing);
    const first = await get('/lv-en/no-such-page-1');
    expect([first.status, first.cache]).toEqual([404, 'miss']);
    for (let i = 2; i <= 20; i++) {
      const answer = await get(`/lv-en/no-such-page-${i}`);
      expect([answer.status, answer.cache]).toEqual([404, 'hit']);
      expect(answer.body).toContain(`action="/lv-en/no-such-page-${i}"`);
      expect(answer.body).toContain(`value="p/lv-en/no-such-page-${i}"`);
      expect(answer.body).toContain(`name="path" value="/no-such-page-${i}"`);
      expect(answer.body).not.toContain('no-such-page-1"');
    }
    expect(renders).toBe(1);
  });

  it('another section, another edition: their own 404; pages stay pages', async () => {
    const get = await serve(createPageCache({ statusHeader: true, lateScripts: false }), missing);
    await get('/lv-en/missing-a');
    expect((await get('/lv-en/faq/missing-b')).cache).toBe('miss');
    expect((await get('/lv-en/faq/missing-c')).cache).toBe('hit');
    expect((await get('/ee-en/missing-d')).cache).toBe('miss');
    const page = await get('/lv-en/about');
    expect([page.status, page.cache]).toEqual([200, 'miss']);
    expect(renders).toBe(4);
  });

  it('a 404 rendered for a path that is not plain (it may be written otherwise in the page) is not kept', async () => {
    const get = await serve(createPageCache({ statusHeader: true, lateScripts: false }), missing);
    expect((await get('/lv-en/a%20b')).status).toBe(404);
    expect((await get('/lv-en/plain')).cache).toBe('miss');
    expect((await get('/lv-en/plain-2')).cache).toBe('hit');
    expect(renders).toBe(2);
  });

  it('a 404 whose path is also elsewhere in the page (inside a link) is not kept: it would show in every other', async () => {
    const get = await serve(createPageCache({ statusHeader: true, lateScripts: false }), missing);
    // "/lv-en/a" is the start of the page's link "/lv-en/about".
    expect((await get('/lv-en/a')).cache).toBe('miss');
    expect((await get('/lv-en/zz')).cache).toBe('miss');
    expect((await get('/lv-en/zy')).cache).toBe('hit');
    expect(renders).toBe(2);
  });
});
