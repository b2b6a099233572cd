import { expect, test, type APIRequestContext } from './fixtures';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ACTION_HEADER } from '@/lib/next-adapter/request-headers.ts';
import { isInternalHeader } from '@/lib/next-adapter/response.ts';
import { message } from './helpers';
import { e2ePort, storedJson, waitUntilUp } from './support/servers';

/**
 * Tried the way an attacker and a bad network would, against the production build run by server.ts:
 * each case is the request that once got through, and must not any more. Extra servers (a strict rate
 * limit, a content API that is down or hangs) are started here from the same build.
 */
test.describe.configure({ mode: 'serial' });

const base = `http://localhost:${e2ePort}`;
type Server = { url: string; process: ChildProcess; dataDir: string };
const servers: Server[] = [];

async function startServer(port: number, env: Record<string, string>): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-hostile-'));
  const child = spawn('node', ['server.ts'], {
    env: { ...process.env, PORT: String(port), METRICS_PORT: '0', DATA_DIR: dataDir, NEXT_PUBLIC_SITE_URL: `http://localhost:${port}`, ...env },
    stdio: 'ignore',
    detached: true,
  });
  const url = `http://localhost:${port}`;
  const server = { url, process: child, dataDir };
  // Pushed first: afterAll stops it even when it never came up.
  servers.push(server);
  await waitUntilUp(url, { child });
  return server;
}

test.afterAll(() => {
  for (const server of servers) if (server.process.pid) process.kill(-server.process.pid, 'SIGKILL');
});

const ask = (extra: Record<string, string> = {}) => ({ name: 'Hostile Test', email: 'hostile@example.lv', message: 'Hello', lang: 'lv', ...extra });

test('a client cannot choose its own rate-limit key with X-Forwarded-For (npm start, no proxy)', async () => {
  const limited = await startServer(e2ePort + 20, { FORM_RATE_LIMIT: '3' });
  const statuses: number[] = [];
  for (let i = 0; i < 23; i++) {
    const response = await fetch(`${limited.url}/api/site/ask-question`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}`, 'x-billme-client': `203.0.113.${i}` },
      body: JSON.stringify(ask({ message: `spoof ${i}` })),
    });
    statuses.push(response.status);
  }
  expect(statuses.slice(0, 3)).toEqual([201, 201, 201]);
  expect(statuses.slice(3).every((status) => status === 429)).toBe(true);
  console.log(`forwarded-header spoofing: ${statuses.length} tries, ${statuses.filter((s) => s === 201).length} accepted (the limit is 3)`);
});

/** A raw HTTP/1.1 request with a chunked body, as fetch and browsers never send it. */
function chunkedPost(url: string, body: Buffer, type: string): Promise<{ status: number; size: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { 'content-type': type, 'transfer-encoding': 'chunked' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, size: Buffer.concat(chunks).length, text: Buffer.concat(chunks).toString() }));
    });
    request.on('error', (error) => (String(error).includes('EPIPE') || String(error).includes('ECONNRESET') ? resolve({ status: 413, size: 0, text: '' }) : reject(error)));
    for (let offset = 0; offset < body.length; offset += 64 * 1024) request.write(body.subarray(offset, offset + 64 * 1024));
    request.end();
  });
}

test('a chunked body beyond its limit is refused with the localized 413, whatever the size', async () => {
  const before = storedJson('list').length;
  const form = (size: number) => Buffer.from(`name=x&email=a%40b.lv&message=${'x'.repeat(size)}`);
  for (const size of [3 * 1024 * 1024, 7 * 1024 * 1024]) {
    const answer = await chunkedPost(`${base}/lv-lv/ask-question`, form(size), 'application/x-www-form-urlencoded');
    expect(answer.status, `${size} bytes`).toBe(413);
    expect(answer.size).toBeLessThan(5000);
    if (answer.text) expect(answer.text).toContain(message('lv', 'Forms.formErrors.tooLarge'));
  }
  const payer = await chunkedPost(`${base}/cy-el/companies/erimi`, Buffer.from(`name=${'x'.repeat(5.5 * 1024 * 1024)}`), 'application/x-www-form-urlencoded');
  expect(payer.status).toBe(413);
  expect(storedJson('list').length).toBe(before);
});

test('the JSON form API takes only application/json, and only from this site', async ({ request }) => {
  const url = `${base}/api/site/ask-question`;
  const plain = await request.post(url, { headers: { 'content-type': 'text/plain', origin: 'https://evil.example' }, data: JSON.stringify(ask()) });
  expect(plain.status()).toBe(415);
  const foreign = await request.post(url, { headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, data: ask() });
  expect(foreign.status()).toBe(403);
  const own = await request.post(url, { headers: { 'content-type': 'application/json', origin: base }, data: ask({ message: 'own origin' }) });
  expect(own.status()).toBe(201);
});

test('idempotency keys of the wrong shape are a 400, explained', async ({ request }) => {
  for (const key of ['short', 'x'.repeat(65), 'has space 123', 'ünïcödé-key-1']) {
    const response = await request.post(`${base}/api/site/ask-question`, { headers: { 'content-type': 'application/json', 'idempotency-key': key }, data: ask() });
    expect(response.status(), key).toBe(400);
    expect((await response.json()).error.code).toBe('invalid_idempotency_key');
  }
});

test('malformed requests are a short 4xx, never a 500', async ({ request }) => {
  const checks: [string, () => Promise<{ status(): number; body(): Promise<Buffer> }>, number][] = [
    ['page/%zz', () => request.get(`${base}/api/site/page/%zz`), 400],
    ['find-guide/%', () => request.get(`${base}/api/site/find-guide/%`), 400],
    ['cancel {}', () => request.post(`${base}/api/payments/cancel`, { data: {} }), 400],
    ['cancel, no body', () => request.post(`${base}/api/payments/cancel`), 400],
    ['pay {}', () => request.post(`${base}/api/payments/pay`, { data: {} }), 400],
    ['pay, no body', () => request.post(`${base}/api/payments/pay`), 400],
    ['TRACE', () => request.fetch(`${base}/lv-lv`, { method: 'TRACE' }), 405],
    ['PUT page', () => request.put(`${base}/lv-lv/about`), 405],
    ['DELETE page', () => request.delete(`${base}/lv-lv`), 405],
    ['server action from another site', () => request.post(`${base}/lv-lv/ask-question`, { headers: { [ACTION_HEADER]: '0'.repeat(42), origin: 'https://evil.example', 'content-type': 'text/plain' }, data: '[]' }), 403],
    ['unknown server action', () => request.post(`${base}/lv-lv/ask-question`, { headers: { [ACTION_HEADER]: '0'.repeat(42), origin: base, 'content-type': 'text/plain' }, data: '[]' }), 0],
  ];
  for (const [name, send, expected] of checks) {
    const response = await send();
    if (expected) expect(response.status(), name).toBe(expected);
    else expect(response.status(), name).toBeGreaterThanOrEqual(400);
    expect(response.status(), name).toBeLessThan(500);
    expect((await response.body()).length, name).toBeLessThan(2000);
  }
});

async function headersOf(request: APIRequestContext, url: string) {
  const response = await request.get(url, { maxRedirects: 0 });
  return { status: response.status(), headers: response.headers() };
}

test('every kind of response carries the security headers and no internal header', async ({ request }) => {
  const urls = ['/lv-lv', '/cy-el/companies/erimi', '/lv-lv/ask-question', '/lv-lv/nope', '/foo.txt', '/lv-lv/x.php', '/api/site/articles', '/api/health', '/sitemap.xml', '/robots.txt', '/lv-lv/blog/rss.xml', '/logo.svg', '/', '/api/og?locale=lv-LV&path=/'];
  for (const url of urls) {
    const { status, headers } = await headersOf(request, `${base}${url}`);
    expect(headers['content-security-policy'], url).toMatch(/frame-ancestors 'none'/);
    expect(headers['x-content-type-options'], url).toBe('nosniff');
    expect(headers['x-frame-options'], url).toBe('DENY');
    expect(headers['referrer-policy'], url).toBeTruthy();
    expect(Object.keys(headers).filter((name) => isInternalHeader(name) || name === 'x-powered-by'), url).toEqual([]);
    if (url.startsWith('/api/') || url.endsWith('.xml') || url.endsWith('.txt') || url.endsWith('.svg')) {
      if (status === 200) expect(headers['content-security-policy'], url).toMatch(/^default-src 'none'/);
    }
  }
  expect((await headersOf(request, `${base}/foo.txt`)).status).toBeGreaterThanOrEqual(300);
});

test('sharing images draw only real page titles, with the site\'s own fonts', async ({ request }) => {
  for (const query of ['locale=lv-LV&path=/blog/how-automatic-payment-works', 'title=🎉💸 free money 今日は&locale=el-CY', 'locale=el-CY&path=/nope&title=hacked', 'locale=xx&path=/']) {
    const response = await request.get(`${base}/api/og?${query}`);
    expect(response.status(), query).toBe(200);
    expect(response.headers()['content-type'], query).toBe('image/png');
    expect((await response.body()).length, query).toBeGreaterThan(1000);
  }
});

test('content API never reachable: pages that need it are the edition\'s 503 page, the rest still works', async () => {
  const dead = await startServer(e2ePort + 21, { API_BASE_URL: `http://127.0.0.1:${e2ePort + 29}/api`, CONTENT_TIMEOUT_MS: '800' });
  for (const pathname of ['/lv-lv/blog', '/lv-en/guides', '/ee-et/careers', '/cy-el/terms-and-conditions', '/lv-ru/blog/how-automatic-payment-works']) {
    const started = Date.now();
    const response = await fetch(`${dead.url}${pathname}`);
    expect(response.status, pathname).toBe(503);
    expect(response.headers.get('retry-after'), pathname).toBe('30');
    const html = await response.text();
    const lang = pathname.split('/')[1]!.split('-')[1] as 'lv' | 'en' | 'ru' | 'et' | 'el';
    expect(html, pathname).toContain(message(lang, 'Errors.unavailableTitle'));
    expect(Date.now() - started, pathname).toBeLessThan(3000);
  }
  for (const pathname of ['/lv-lv', '/lv-lv/about', '/lv-lv/faq', '/cy-el/companies/erimi', '/lv-lv/ask-question']) {
    expect((await fetch(`${dead.url}${pathname}`)).status, pathname).toBe(200);
  }
  expect((await fetch(`${dead.url}/sitemap.xml`)).status).toBe(200);
  expect((await fetch(`${dead.url}/lv-lv/blog/rss.xml`)).status).toBe(503);
});

test('content API that accepts and never answers: visitors get an answer at once, forms are thanked at once', async () => {
  const hang = http.createServer(() => undefined); // accepts, never answers
  await new Promise<void>((resolve) => hang.listen(e2ePort + 28, '127.0.0.1', resolve));
  try {
    const slow = await startServer(e2ePort + 22, { API_BASE_URL: `http://127.0.0.1:${e2ePort + 28}/api`, CONTENT_TIMEOUT_MS: '1000', FORM_RATE_LIMIT: '1000' });
    let started = Date.now();
    expect((await fetch(`${slow.url}/lv-lv/blog`)).status).toBe(503);
    expect(Date.now() - started).toBeLessThan(4000);
    started = Date.now();
    expect((await fetch(`${slow.url}/lv-lv/guides`)).status).toBe(503); // the API is paused: no second wait
    expect(Date.now() - started).toBeLessThan(1500);
    started = Date.now();
    const sent = await fetch(`${slow.url}/api/site/ask-question`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ask({ message: 'while hanging' })) });
    expect(sent.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(1000);
  } finally {
    hang.closeAllConnections();
    hang.close();
  }
});
