import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ContentUnavailableError } from '@/lib/content/errors';
import { remoteSource } from '@/lib/content/remote';

/** A stub content API whose behaviour each test sets. */
type Mode = 'ok' | 'error' | 'slow' | 'bad-shape' | 'text' | 'not-json';
let mode: Mode = 'ok';
let requests: string[] = [];
const article = { slug: 'a', title: 'T', summary: 'S', text: '<p>x</p>', date: '05.03.2026', image: '/a.svg', image_alt: '' };

const server = http.createServer((req, res) => {
  requests.push(`${req.url} ${req.headers.accept}`);
  if (mode === 'error') return void res.writeHead(503).end('down');
  if (mode === 'slow') return void setTimeout(() => res.writeHead(200).end('[]'), 2000);
  if (mode === 'bad-shape') return void res.writeHead(200, { 'content-type': 'application/json' }).end('[{"slug":"a"}]');
  if (mode === 'not-json') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops</html>');
  const type = mode === 'text' ? 'text/plain' : 'application/json';
  res.writeHead(200, { 'content-type': type }).end(JSON.stringify([article]));
});
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  mode = 'ok';
  requests = [];
});

// A fresh base path per test keeps the last-good memory of one test out of the next.
let n = 0;
const fresh = (timeoutMs = 500) => remoteSource({ baseUrl: `${baseUrl}${++n}`, revalidate: 60, timeoutMs });

describe('remote content source', () => {
  it('calls ${API_BASE_URL}/site/... with lang, asking for JSON or text', async () => {
    await fresh().articles('ru');
    expect(requests[0]).toMatch(/^\/api\d+\/site\/articles\?lang=ru application\/json, text\/plain/);
  });

  it('accepts JSON labelled as text', async () => {
    mode = 'text';
    expect(await fresh().articles('en')).toEqual([article]);
  });

  it.each(['error', 'bad-shape', 'not-json'] as const)('fails clearly when the API answers %s', async (failure) => {
    mode = failure;
    await expect(fresh().articles('en')).rejects.toBeInstanceOf(ContentUnavailableError);
  });

  it('times out instead of hanging', async () => {
    mode = 'slow';
    const started = Date.now();
    await expect(fresh(300).articles('en')).rejects.toBeInstanceOf(ContentUnavailableError);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('keeps the last good answer when the API later fails, is slow or answers nonsense', async () => {
    const source = fresh(300);
    expect(await source.articles('en')).toEqual([article]);
    for (const failure of ['error', 'slow', 'bad-shape', 'not-json'] as const) {
      mode = failure;
      expect(await source.articles('en'), failure).toEqual([article]);
    }
  });

  it('encodes path parameters', async () => {
    // The stub answers articles, which are not guides or pages: only the request line matters here.
    await fresh().findGuide('a/b c?', 'en').catch(() => undefined);
    await fresh().page('x y', 'el').catch(() => undefined);
    expect(requests.map((r) => r.split(' ')[0]!.replace(/^\/api\d+/, ''))).toEqual([
      '/site/find-guide/a%2Fb%20c%3F?lang=en',
      '/site/page/x%20y?lang=el',
    ]);
  });
});
