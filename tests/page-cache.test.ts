import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createCompression } from '@/lib/http/compression.ts';
import { NEXT_REQUEST_HEADERS } from '@/lib/next-adapter/request-headers.ts';
import { applyHandoffs } from '@/lib/http/handoffs.ts';
import { EDITION_HEADER } from '@/lib/i18n/edition-cookies.ts';
import { cacheKey, createPageCache, languageOf, SETTLE_MS, type Invalidations, type PageCache } from '@/lib/http/page-cache.ts';
import { PAGE_CACHE_MARK as MARK } from '@/lib/handoff.ts';

/**
 * The page cache of server.ts against a stand-in for Next that behaves as Next does towards the node
 * response: headers set one by one, flushHeaders() before the first chunk, the body streamed in chunks,
 * the render's nonce in the CSP header and in several places of the HTML.
 */
type Render = { status?: number; mark?: boolean; cookie?: boolean; type?: string; pad?: number; form?: boolean; edition?: string; scripts?: boolean };
let render: Render = {};
let renders = 0;
/** Every nonce and form key a render was made with. */
const renderNonces: string[] = [];
const renderKeys: string[] = [];

function fakeNext(req: http.IncomingMessage, res: http.ServerResponse) {
  renders += 1;
  const nonce = randomBytes(16).toString('base64');
  renderNonces.push(nonce);
  const { status = 200, mark = true, cookie = false, type = 'text/html; charset=utf-8', pad = 0, form = false, edition, scripts = false } = render;
  const key = randomUUID();
  renderKeys.push(key);
  res.statusCode = status;
  res.setHeader('content-type', type);
  res.setHeader('content-security-policy', `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'; style-src 'self' 'nonce-${nonce}'`);
  if (mark) res.setHeader(MARK, '1');
  if (cookie) res.setHeader('set-cookie', 'session=abc; Path=/');
  if (edition) res.setHeader(EDITION_HEADER, edition);
  res.flushHeaders();
  res.write(`<!DOCTYPE html><html><head><script nonce="${nonce}" src="/a.js"></script>`);
  res.write(`<style nonce="${nonce}">p{}</style></head><body><p>${req.url}</p>${'<p>text</p>'.repeat(pad)}`);
  if (form) res.write(`<form><input type="hidden" name="key" value="${key}"/></form><script nonce="${nonce}">push({"key":"${key}"})</script>`);
  if (scripts) {
    // Next's async chunk and its RSC data: the bootstrap push, then rows holding the nonce and the form key
    // (hand-written; that Next writes this is held by tests/next-contract, assumptions #1-3).
    res.write(`<script src="/_next/static/chunks/main.js" async="" nonce="${nonce}"></script>`);
    res.write(`<script nonce="${nonce}">(self.__next_f=self.__next_f||[]).push([0])</script>`);
    res.write(`<script nonce="${nonce}">self.__next_f.push([1,"0:{\\"nonce\\":\\"${nonce}\\",\\"key\\":\\"${key}\\",\\"url\\":\\"${req.url}\\"}\\n"])</script>`);
  }
  res.end(`<script nonce="${nonce}">self.__next_f.push([1,"${nonce}"])</script></body></html>`);
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  render = {};
  renders = 0;
  renderNonces.length = 0;
  renderKeys.length = 0;
});

/** server.ts's order: the proxy's handoffs and compression hooks first, then the cache, then Next. */
async function serve(cache: PageCache, https = false) {
  const { compress } = createCompression({ distDir: '/nonexistent' });
  const server = http.createServer((req, res) => {
    applyHandoffs(req, res, { https });
    compress(req, res);
    if (cache.handle(req, res, { https })) return;
    fakeNext(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await fetch(url, { method, headers });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

function noncesOf(page: { headers: Headers; body: string }) {
  const header = [...(page.headers.get('content-security-policy') ?? '').matchAll(/'nonce-([^']+)'/g)].map((m) => m[1]);
  const html = [...page.body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
  return { header: new Set(header), html: new Set(html) };
}

describe('cacheKey: which requests may use the cache, and what the key holds', () => {
  const base = { buildId: 'b1', version: 0, https: false };
  const req = (url: string, headers: Record<string, string> = {}, method = 'GET') => ({ method, url, headers });

  it('only GET and HEAD without a query string or Next RSC/action headers', () => {
    expect(cacheKey(req('/lv-lv/faq'), base)).not.toBeNull();
    expect(cacheKey(req('/lv-lv/faq', {}, 'HEAD'), base)).toBe(cacheKey(req('/lv-lv/faq'), base));
    expect(cacheKey(req('/lv-lv/faq', {}, 'POST'), base)).toBeNull();
    expect(cacheKey(req('/lv-lv/faq?q=rēķins'), base)).toBeNull();
    expect(cacheKey(req('/lv-lv/faq?'), base)).toBeNull();
    expect(cacheKey(req('/lv-lv/faq?_rsc=abc'), base)).toBeNull();
    // Next's router headers (lib/next-adapter; that they are all of them: tests/next-contract, assumption #5).
    for (const name of NEXT_REQUEST_HEADERS) {
      expect(cacheKey(req('/lv-lv/faq', { [name]: '1' }), base)).toBeNull();
    }
  });

  it('a GET or HEAD with a body or a content type is not a page view: never served from or kept in the cache (finding 5)', () => {
    const bodies: Record<string, string>[] = [{ 'content-type': 'application/x-www-form-urlencoded' }, { 'content-type': 'text/plain' }, { 'content-length': '3' }, { 'transfer-encoding': 'chunked' }, { 'content-encoding': 'gzip' }];
    for (const headers of bodies) {
      expect(cacheKey(req('/cy-el/companies/bluenet', headers), base)).toBeNull();
      expect(cacheKey(req('/cy-el/companies/bluenet', headers, 'HEAD'), base)).toBeNull();
    }
  });

  it("keys on the consent exactly as the render reads it (lib/cookie-header's consentOf), not on the cookie's text (finding 1)", () => {
    const none = cacheKey(req('/lv-lv/faq'), base);
    const accepted = cacheKey(req('/lv-lv/faq', { cookie: 'GDPR_ACCEPT=true' }), base);
    const rejected = cacheKey(req('/lv-lv/faq', { cookie: 'GDPR_ACCEPT=false' }), base);
    expect(new Set([none, accepted, rejected]).size).toBe(3);
    // A bare name, an empty or odd value, another case, two that disagree: not asked, like no cookie at all.
    for (const cookie of ['GDPR_ACCEPT', 'GDPR_ACCEPT=', 'gdpr_accept=true', 'GDPR_ACCEPT=TRUE', 'GDPR_ACCEPT=tru%65', 'GDPR_ACCEPT=false; GDPR_ACCEPT=true', `GDPR_ACCEPT=${'x'.repeat(500)}`]) {
      expect(cacheKey(req('/lv-lv/faq', { cookie }), base), cookie).toBe(none);
    }
    for (const cookie of [' GDPR_ACCEPT = true ', 'GDPR_ACCEPT="true"', 'x=1; GDPR_ACCEPT=true; GDPR_ACCEPT=true']) {
      expect(cacheKey(req('/lv-lv/faq', { cookie }), base), cookie).toBe(accepted);
    }
  });

  it("keys on whether Next renders for an HTML-limited bot (metadata in <head>), by Next's own test", () => {
    const browser = cacheKey(req('/lv-lv/faq', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0' }), base);
    expect(cacheKey(req('/lv-lv/faq', { 'user-agent': 'Mozilla/5.0 Chrome/140.0 Chrome-Lighthouse' }), base)).not.toBe(browser);
    expect(cacheKey(req('/lv-lv/faq', { 'user-agent': 'facebookexternalhit/1.1' }), base)).not.toBe(browser);
    expect(cacheKey(req('/lv-lv/faq', { 'user-agent': 'curl/8' }), base)).toBe(browser);
  });

  it('holds path, consent state, build id, content version and scheme, not the edition cookies', () => {
    const key = cacheKey(req('/lv-lv/faq'), base);
    expect(cacheKey(req('/lv-lv/faq/x'), base)).not.toBe(key);
    expect(cacheKey(req('/lv-lv/faq', { cookie: 'GDPR_ACCEPT=true' }), base)).not.toBe(key);
    expect(cacheKey(req('/lv-lv/faq'), { ...base, buildId: 'b2' })).not.toBe(key);
    expect(cacheKey(req('/lv-lv/faq'), { ...base, version: 1 })).not.toBe(key);
    expect(cacheKey(req('/lv-lv/faq'), { ...base, https: true })).not.toBe(key);
    // What the HTML never depends on does not split the cache: the edition cookies are set per answer
    // (lib/http/handoffs.ts), so first-time and returning visitors share one entry.
    expect(cacheKey(req('/lv-lv/faq', { cookie: 'BILLME_COUNTRY=cy; BILLME_LOCALE=ru-CY' }), base)).toBe(key);
    expect(cacheKey(req('/lv-lv/faq', { 'sec-fetch-dest': 'iframe' }), base)).toBe(key);
    expect(cacheKey(req('/lv-lv/faq', { cookie: 'other=1', 'user-agent': 'x', 'accept-language': 'ru' }), base)).toBe(key);
  });

  it('knows the language of an edition path', () => {
    expect(languageOf('/lv-ru/faq')).toBe('ru');
    expect(languageOf('/cy-el')).toBe('el');
    expect(languageOf('/api/x')).toBe('');
  });
});

describe('the page cache in front of a renderer', () => {
  it('tells no visitor whether a page was served from the cache unless the operator asks for it (finding 6a)', async () => {
    const url = await serve(createPageCache({ buildId: 'b1' }));
    const answers = [await get(`${url}/lv-lv/faq`), await get(`${url}/lv-lv/faq`), await get(`${url}/lv-lv/faq?q=1`)];
    expect(renders).toBe(2);
    expect(answers.map((answer) => answer.headers.get('x-cache'))).toEqual([null, null, null]);
  });

  it('serves a kept page as a hit with a fresh 128-bit nonce in the CSP header and the HTML every time', async () => {
    const url = await serve(createPageCache({ statusHeader: true, buildId: 'b1' }));
    const pages = [];
    for (let i = 0; i < 4; i += 1) pages.push(await get(`${url}/lv-lv/faq`, { cookie: 'BILLME_COUNTRY=lv' }));
    expect(pages.map((page) => page.headers.get('x-cache'))).toEqual(['miss', 'hit', 'hit', 'hit']);
    expect(renders).toBe(1);
    const seen = new Set<string>();
    for (const page of pages) {
      const { header, html } = noncesOf(page);
      expect(header.size).toBe(1);
      const [nonce] = [...header];
      expect(Buffer.from(nonce!, 'base64')).toHaveLength(16);
      expect(html).toEqual(header);
      expect(page.body).toContain(`push([1,"${nonce}"])`);
      expect(page.headers.get(MARK)).toBeNull();
      seen.add(nonce!);
    }
    // Two hits never share a nonce, and none is the one the page was rendered with (the miss got its own too).
    expect(seen.size).toBe(4);
    const strip = (body: string, nonce: string) => body.split(nonce).join('NONCE');
    expect(new Set(pages.map((page) => strip(page.body, [...noncesOf(page).header][0]!))).size).toBe(1);
  });

  it("sets the edition's cookies on each answer, kept or rendered, from that request's own cookies", async () => {
    render = { edition: 'ru-CY cy' };
    const url = `${await serve(createPageCache({ statusHeader: true, buildId: 'b1' }))}/cy-ru/about`;
    const first = await fetch(url);
    const again = await fetch(url);
    const returning = await fetch(url, { headers: { cookie: 'BILLME_LOCALE=ru-CY; BILLME_COUNTRY=cy' } });
    const moving = await fetch(url, { headers: { cookie: 'BILLME_LOCALE=en-CY; BILLME_COUNTRY=cy' } });
    expect([first, again, returning, moving].map((r) => r.headers.get('x-cache'))).toEqual(['miss', 'hit', 'hit', 'hit']);
    expect(renders).toBe(1);
    const names = (r: Response) => r.headers.getSetCookie().map((c) => c.split(';')[0]);
    expect(names(first)).toEqual(['BILLME_LOCALE=ru-CY', 'BILLME_COUNTRY=cy']);
    expect(names(again)).toEqual(['BILLME_LOCALE=ru-CY', 'BILLME_COUNTRY=cy']);
    expect(names(returning)).toEqual([]);
    expect(names(moving)).toEqual(['BILLME_LOCALE=ru-CY']);
    for (const r of [first, again, returning, moving]) expect(r.headers.get(EDITION_HEADER)).toBeNull();
    // Over https (a trusted balancer's X-Forwarded-Proto): Secure; the entry is the https one.
    const secure = await serve(createPageCache({ statusHeader: true, buildId: 'b1' }), true);
    await fetch(`${secure}/cy-ru/about`);
    const hit = await fetch(`${secure}/cy-ru/about`);
    expect(hit.headers.get('x-cache')).toBe('hit');
    expect(hit.headers.getSetCookie()).toHaveLength(2);
    for (const cookie of hit.headers.getSetCookie()) expect(cookie).toMatch(/; Path=\/; Max-Age=31536000; SameSite=Lax; Secure$/);
  });

  it('never lets the render nonce reach a client', async () => {
    const url = `${await serve(createPageCache({ statusHeader: true, buildId: 'b1' }))}/lv-en/blog/x`;
    const first = await get(url, { cookie: 'BILLME_COUNTRY=lv' });
    const second = await get(url, { cookie: 'BILLME_COUNTRY=lv' });
    expect(renderNonces.length).toBeGreaterThanOrEqual(1);
    for (const page of [first, second]) {
      for (const nonce of renderNonces) {
        expect(page.body).not.toContain(nonce);
        expect(page.headers.get('content-security-policy')).not.toContain(nonce);
      }
    }
  });

  it("gives every answer of a page with a form its own idempotency key, never the render's", async () => {
    render = { form: true };
    const url = await serve(createPageCache({ statusHeader: true, buildId: 'b1' }));
    const pages = [];
    for (let i = 0; i < 3; i += 1) pages.push(await get(`${url}/lv-lv/ask-question`));
    expect(pages.map((page) => page.headers.get('x-cache'))).toEqual(['miss', 'hit', 'hit']);
    const keys = pages.map((page) => /name="key" value="([^"]+)"/.exec(page.body)![1]!);
    expect(new Set(keys).size).toBe(3);
    for (const [i, page] of pages.entries()) {
      expect(page.body).toContain(`push({"key":"${keys[i]}"})`);
      for (const key of renderKeys) expect(page.body).not.toContain(key);
    }
  });

  it("moves a kept page's RSC data out of its HTML and answers the loader from the same entry, without a nonce, the form keys as markers", async () => {
    render = { scripts: true, form: true };
    const url = `${await serve(createPageCache({ statusHeader: true, buildId: 'b1' }))}/lv-lv/ask-question`;
    const page = await get(url);
    expect(page.body).not.toMatch(/__next_f\)?\.push\(\[/);
    expect(page.body).not.toContain('<script src="/_next/static/chunks/main.js"');
    const id = /\["\/_next\/static\/chunks\/main\.js"\],"([\w-]{22})"\)/.exec(page.body)?.[1];
    expect(id, 'the loader names the data it wants').toBeDefined();
    const data = await get(url, { 'x-billme-data': id! });
    expect(data.status).toBe(200);
    expect(data.headers.get('x-cache')).toBe('hit');
    expect(data.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(data.headers.get('cache-control')).toBe('private, no-store');
    const pushes = JSON.parse(data.body) as unknown[];
    expect(pushes[0]).toEqual([0]);
    expect(pushes[1]).toEqual([1, '0:{"nonce":"","key":"@billme-key-1@","url":"/lv-lv/ask-question"}\n']);
    for (const secret of [...renderNonces, ...renderKeys]) expect(data.body).not.toContain(secret);
    expect(renders).toBe(1);
  });

  it('with LATE_SCRIPTS=off keeps the page as Next rendered it: scripts and RSC data inline, no loader', async () => {
    render = { scripts: true, form: true };
    const url = `${await serve(createPageCache({ statusHeader: true, buildId: 'b1', lateScripts: false }))}/lv-lv/ask-question`;
    const [miss, hit] = [await get(url), await get(url)];
    expect([miss.headers.get('x-cache'), hit.headers.get('x-cache')]).toEqual(['miss', 'hit']);
    for (const page of [miss, hit]) {
      expect(page.body).toContain('<script src="/_next/static/chunks/main.js" async=""');
      expect(page.body).toContain('self.__next_f.push([1,');
      expect(page.body).not.toContain('x-billme-data');
    }
  });

  it('answers data of another render with 409; another instance renders the page again and answers the same data', async () => {
    render = { scripts: true, form: true };
    const first = `${await serve(createPageCache({ statusHeader: true, buildId: 'b1' }))}/lv-lv/ask-question`;
    const id = /,"([\w-]{22})"\)/.exec((await get(first)).body)![1]!;
    expect((await get(first, { 'x-billme-data': 'another-page-or-older' })).status).toBe(409);
    const other = `${await serve(createPageCache({ statusHeader: true, buildId: 'b1' }))}/lv-lv/ask-question`;
    const data = await get(other, { 'x-billme-data': id });
    expect([data.status, data.headers.get('x-cache')]).toEqual([200, 'miss']);
    expect(data.body).toContain('@billme-key-1@');
    expect(renders).toBe(2);
    // A request the cache never serves gets no data either.
    expect((await get(`${first}?x=1`, { 'x-billme-data': id })).status).toBe(409);
  });

  it('compresses hits like any other answer and answers HEAD without a body', async () => {
    render = { pad: 200 };
    const url = await serve(createPageCache({ statusHeader: true, buildId: 'b1' }));
    await get(`${url}/lv-lv`);
    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve) => {
      http.get(`${url}/lv-lv`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      });
    });
    expect(raw.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(raw.body).toString()).toContain('<p>/lv-lv</p>');
    const head = await get(`${url}/lv-lv`, {}, 'HEAD');
    expect(head.headers.get('x-cache')).toBe('hit');
    expect(head.body).toBe('');
  });

  it.each([
    ['not marked by the proxy (checkout, form results, error pages)', { mark: false }],
    ['a non-200 status', { status: 404 }],
    ['an answer that sets a cookie', { cookie: true }],
    ['an answer that is not HTML', { type: 'application/xml' }],
  ])('never keeps %s, and sends it as rendered', async (_name, given) => {
    render = given;
    const url = await serve(createPageCache({ statusHeader: true, buildId: 'b1' }));
    const first = await get(`${url}/lv-lv/x`);
    const second = await get(`${url}/lv-lv/x`);
    expect(renders).toBe(2);
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['bypass', 'bypass']);
    expect(first.headers.get(MARK)).toBeNull();
    expect(noncesOf(first).html).toEqual(noncesOf(first).header);
  });

  it('never looks up or keeps a POST, a query string or an RSC request', async () => {
    const url = await serve(createPageCache({ statusHeader: true, buildId: 'b1' }));
    await get(`${url}/lv-lv/faq?q=x`);
    await get(`${url}/lv-lv/faq?q=x`);
    await get(`${url}/lv-lv/faq`, { rsc: '1' });
    await get(`${url}/lv-lv/faq`, { rsc: '1' });
    await get(`${url}/lv-lv/faq`, {}, 'POST');
    await get(`${url}/lv-lv/faq`, {}, 'POST');
    expect(renders).toBe(6);
  });

  it('revalidation empties the named language only, and keeps nothing while Next refreshes', async () => {
    let clock = 1_000_000;
    const cache = createPageCache({ statusHeader: true, buildId: 'b1', now: () => clock });
    const url = await serve(cache);
    await get(`${url}/lv-ru/faq`);
    await get(`${url}/lv-lv/faq`);
    expect(cache.stats().entries).toBe(2);
    cache.invalidate('ru');
    expect(cache.stats().entries).toBe(0 + 1);
    expect((await get(`${url}/lv-lv/faq`)).headers.get('x-cache')).toBe('hit');
    // The first renders after a revalidation may show the stale copy Next is refreshing: not kept.
    expect((await get(`${url}/lv-ru/faq`)).headers.get('x-cache')).toBe('bypass');
    clock += SETTLE_MS + 1;
    expect((await get(`${url}/lv-ru/faq`)).headers.get('x-cache')).toBe('miss');
    expect((await get(`${url}/lv-ru/faq`)).headers.get('x-cache')).toBe('hit');
  });

  it('keeps no page while the content API fails, however long, nor just after it answers again (a stale copy would stick)', async () => {
    let clock = 1_000_000;
    const cache = createPageCache({ statusHeader: true, buildId: 'b1', now: () => clock });
    const url = await serve(cache);
    await get(`${url}/lv-lv`);
    cache.setDegraded(true);
    // Pages kept before the failure are the last good ones: still served.
    expect((await get(`${url}/lv-lv`)).headers.get('x-cache')).toBe('hit');
    expect((await get(`${url}/lv-en/faq`)).headers.get('x-cache')).toBe('bypass');
    clock += SETTLE_MS * 3;
    expect((await get(`${url}/lv-en/faq`)).headers.get('x-cache')).toBe('bypass');
    cache.setDegraded(false);
    expect((await get(`${url}/lv-en/faq`)).headers.get('x-cache')).toBe('bypass');
    clock += SETTLE_MS + 1;
    expect((await get(`${url}/lv-en/faq`)).headers.get('x-cache')).toBe('miss');
    expect((await get(`${url}/lv-en/faq`)).headers.get('x-cache')).toBe('hit');
  });

  it('forgets an entry after its time to live', async () => {
    let clock = 1_000_000;
    const url = await serve(createPageCache({ statusHeader: true, buildId: 'b1', ttlMs: 1000, now: () => clock }));
    await get(`${url}/lv-lv`);
    clock += 1001;
    expect((await get(`${url}/lv-lv`)).headers.get('x-cache')).toBe('miss');
  });

  it('an invalidation on one instance empties the others (the channel the cluster runs on Redis)', async () => {
    const listeners: Array<(message: { language?: string }) => void> = [];
    const bus = (): Invalidations => ({
      publish: (message) => listeners.forEach((listener) => listener(message)),
      subscribe: (onMessage) => listeners.push(onMessage),
    });
    const one = createPageCache({ statusHeader: true, buildId: 'b1', store: bus() });
    const two = createPageCache({ statusHeader: true, buildId: 'b1', store: bus() });
    const [url1, url2] = [await serve(one), await serve(two)];
    await get(`${url1}/cy-el`);
    await get(`${url2}/cy-el`);
    expect(two.stats().entries).toBe(1);
    one.invalidate('el');
    expect(one.stats().entries).toBe(0);
    expect(two.stats().entries).toBe(0);
  });

  it('stays within its memory budget, dropping the least recently used pages', async () => {
    const cache = createPageCache({ statusHeader: true, buildId: 'b1', maxBytes: 1500 });
    const url = await serve(cache);
    for (const page of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) await get(`${url}/lv-lv/${page}`);
    expect(cache.stats().bytes).toBeLessThanOrEqual(1500);
    expect(cache.stats().entries).toBeLessThan(8);
    expect((await get(`${url}/lv-lv/h`)).headers.get('x-cache')).toBe('hit');
    expect((await get(`${url}/lv-lv/a`)).headers.get('x-cache')).toBe('miss');
  });
});
