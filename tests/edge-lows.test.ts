// The low findings of issue 47 (5-9) and the app's own 502 (finding 1), each held here against the layer that fixes it.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/http/errors';
import { errorAnswer } from '@/lib/http/respond';
import { crossHostPost } from '@/lib/http/cross-host.ts';
import { applyHandoffs } from '@/lib/http/handoffs.ts';
import { createPageCache, type PageCache } from '@/lib/http/page-cache.ts';
import { PAGE_CACHE_MARK as MARK } from '@/lib/handoff.ts';
import { securityHeaders } from '@/lib/http/security-headers.ts';
import { backPath, tooLargePage } from '@/lib/http/too-large-page.ts';

/** A stand-in for Next: a marked page (with its late scripts), and Next's internal headers on it. */
function fakeNext(req: http.IncomingMessage, res: http.ServerResponse) {
  const nonce = randomBytes(16).toString('base64');
  res.statusCode = 200;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('content-security-policy', `script-src 'nonce-${nonce}' 'strict-dynamic'`);
  res.setHeader(MARK, '1');
  res.setHeader('x-nextjs-cache', 'HIT');
  res.setHeader('x-nextjs-rewritten-path', '/lv-lv/_missing/_missing');
  res.flushHeaders();
  res.write(`<!DOCTYPE html><html><head></head><body><p>${req.url}</p>`);
  res.write(`<script src="/_next/static/chunks/main.js" async="" nonce="${nonce}"></script>`);
  res.write(`<script nonce="${nonce}">(self.__next_f=self.__next_f||[]).push([0])</script>`);
  res.end(`<script nonce="${nonce}">self.__next_f.push([1,"0:{}\\n"])</script></body></html>`);
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** server.ts's order: a request id and the security headers first, the handoffs, then the cache, then Next. */
async function serve(cache: PageCache) {
  const server = http.createServer((req, res) => {
    res.setHeader('x-request-id', randomUUID());
    for (const [name, value] of Object.entries(securityHeaders())) res.setHeader(name, value);
    applyHandoffs(req, res, { https: false });
    if (cache.handle(req, res)) return;
    fakeNext(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('issue 47, finding 5: a kept page does not replay the request id of its render', () => {
  it('gives every answer, kept or rendered, its own request id', async () => {
    const url = `${await serve(createPageCache({ statusHeader: true, buildId: 'b1' }))}/lv-lv/faq`;
    const answers = [await fetch(url), await fetch(url), await fetch(url)];
    expect(answers.map((a) => a.headers.get('x-cache'))).toEqual(['miss', 'hit', 'hit']);
    const ids = answers.map((a) => a.headers.get('x-request-id'));
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(3);
  });
});

describe('issue 47, finding 6: internal headers never leave, also on answers the cache does not look at', () => {
  it('strips the page-cache mark, x-nextjs-cache and the rewritten path from pages, kept or not', async () => {
    const url = `${await serve(createPageCache({ buildId: 'b1' }))}/lv-lv/faq`;
    for (const address of [url, `${url}?q=1`, `${url}?utm_source=x`, url]) {
      const answer = await fetch(address);
      await answer.text();
      for (const name of [MARK, 'x-nextjs-cache', 'x-nextjs-rewritten-path']) expect(answer.headers.get(name), `${name} on ${address}`).toBeNull();
    }
  });

  it("keeps the rewritten path on the router's own RSC answers (its client reads it)", async () => {
    const url = `${await serve(createPageCache({ buildId: 'b1' }))}/lv-lv/faq?_rsc=1`;
    const answer = await fetch(url, { headers: { rsc: '1' } });
    expect(answer.headers.get('x-nextjs-rewritten-path')).toBe('/lv-lv/_missing/_missing');
    expect(answer.headers.get(MARK)).toBeNull();
    expect(answer.headers.get('x-nextjs-cache')).toBeNull();
  });
});

describe('issue 47, finding 7: a data answer carries the security headers on a miss as on a hit', () => {
  it('answers the loader with the CSP, frame, referrer and request id headers when another instance renders', async () => {
    const first = `${await serve(createPageCache({ statusHeader: true, buildId: 'b1' }))}/lv-lv/faq`;
    const id = /,"([\w-]{22})"\)/.exec(await (await fetch(first)).text())![1]!;
    const hit = await fetch(first, { headers: { 'x-billme-data': id } });
    const other = `${await serve(createPageCache({ statusHeader: true, buildId: 'b1' }))}/lv-lv/faq`;
    const miss = await fetch(other, { headers: { 'x-billme-data': id } });
    const refused = await fetch(other, { headers: { 'x-billme-data': 'older-render-0000000000' } });
    expect([hit.status, hit.headers.get('x-cache'), miss.status, miss.headers.get('x-cache'), refused.status]).toEqual([200, 'hit', 200, 'miss', 409]);
    for (const answer of [hit, miss, refused]) {
      expect(answer.headers.get('content-security-policy')).toBe(securityHeaders()['content-security-policy']);
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("issue 47, finding 8: a refusal page's back link never leads to another host", () => {
  it('links to the path only when it is one of this site, else to the home page', () => {
    expect(backPath('/lv-en/ask-question')).toBe('/lv-en/ask-question');
    for (const path of ['//evil.example/lv-en', '/\\evil.example', 'https://evil.example/', '/\t/evil.example', '']) expect(backPath(path), path).toBe('/');
    const page = tooLargePage({ lang: 'en-LV', message: 'Too large', back: 'Back to the form', path: '//evil.example/lv-en' });
    expect(page).toContain('<a href="/">');
    expect(page).not.toContain('evil.example');
  });
});

describe('issue 47, finding 9: a post naming another host than the one it is sent to', () => {
  it('is told apart from a post of the site, whatever Host the client sends', () => {
    const site = { origin: 'https://billme.lv', host: 'billme.lv' };
    expect(crossHostPost('POST', site)).toBe(false);
    expect(crossHostPost('POST', { host: 'localhost:3443', origin: 'https://localhost:3443' })).toBe(false);
    expect(crossHostPost('POST', { host: 'billme.lv' })).toBe(false); // no Origin: a server's post, the API decides
    expect(crossHostPost('GET', { host: 'evil.example', origin: 'https://billme.lv' })).toBe(false);
    expect(crossHostPost('POST', { host: 'evil.example', origin: 'https://billme.lv', 'next-action': 'abc' })).toBe(true);
    expect(crossHostPost('POST', { host: 'billme.lv', 'x-forwarded-host': 'evil.example', origin: 'https://billme.lv' })).toBe(true);
    expect(crossHostPost('POST', { host: 'billme.lv', origin: 'null' })).toBe(true);
  });
});

describe('issue 47, finding 1: the app never answers 502 itself', () => {
  it('answers a service that failed it with 503 and Retry-After', async () => {
    const answer = errorAnswer(new HttpError(502, 'bad_gateway', 'the provider answered garbage'));
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('30');
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('bad_gateway');
  });
});
