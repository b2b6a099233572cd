import { expect, test } from './fixtures';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { e2ePort, waitUntilUp } from './support/servers';

/**
 * Issue 28 against the production build run by server.ts: the answers that never reach the proxy
 * carry the security headers, forwarded headers count only from trusted proxies, and malformed or
 * foreign posts are short 4xx answers. (Memory under large bodies: scripts/perf/body-memory.mjs.)
 */
test.describe.configure({ mode: 'serial' });

const base = `http://localhost:${e2ePort}`;
const children: ChildProcess[] = [];
test.afterAll(() => {
  for (const child of children) if (child.pid) process.kill(-child.pid, 'SIGKILL');
});

async function startServer(port: number, env: Record<string, string>): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-hardening-'));
  const child = spawn('node', ['server.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NEXT_PUBLIC_SITE_URL: `http://localhost:${port}`, ...env },
    stdio: 'ignore',
    detached: true,
  });
  children.push(child);
  const url = `http://localhost:${port}`;
  await waitUntilUp(url, { child });
  return url;
}

/** A raw request (no redirects followed, any method, a chunked body of `size` bytes if given). */
function raw(url: string, { method = 'GET', headers = {}, size = 0, body }: { method?: string; headers?: Record<string, string>; size?: number; body?: string | Buffer } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const chunked = size > 0 ? { 'transfer-encoding': 'chunked' } : {};
    const request = http.request(url, { method, headers: { ...chunked, ...headers }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString() }));
    });
    request.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 'x');
    for (let sent = 0; sent < size; sent += chunk.length) request.write(chunk.subarray(0, Math.min(chunk.length, size - sent)));
    request.end(body);
  });
}

function expectFullSet(headers: http.IncomingHttpHeaders, what: string) {
  expect(headers['content-security-policy'], what).toMatch(/frame-ancestors 'none'/);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(headers['cross-origin-resource-policy'], what).toBe('same-origin');
  expect(headers['permissions-policy'], what).toContain('camera=()');
}

test('every response carries the full set of security headers, also those the proxy never sees (defect 10)', async () => {
  const media = fs.readdirSync('.next/static/media')[0]!;
  const cases: [string, Parameters<typeof raw>[1], number][] = [
    ['/lv-en/about/', {}, 308],
    [`/_next/static/media/${media}`, {}, 200],
    ['/_next/static/media/nope.woff2', {}, 404],
    ['/_next/image?url=%2Fnope.png&w=64&q=75', {}, 0],
    ['/_next/image?url=https%3A%2F%2Fevil.example%2Fx.png&w=64&q=75', {}, 400],
    ['/lv-en/%zz', {}, 400],
    ['/lv-en', { method: 'TRACE' }, 405],
    ['/api/health', { method: 'POST', size: 5.8 * 1024 * 1024 }, 405],
    ['/lv-en', { method: 'POST', size: 5.8 * 1024 * 1024, headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 413],
    ['/lv-en', { method: 'POST', headers: { 'content-length': String(1024 * 1024), 'content-type': 'application/x-www-form-urlencoded' }, body: Buffer.alloc(1024 * 1024) }, 413],
  ];
  for (const [url, options, status] of cases) {
    const answer = await raw(`${base}${url}`, options);
    if (status) expect(answer.status, url).toBe(status);
    else expect(answer.status, url).toBeGreaterThanOrEqual(400);
    expectFullSet(answer.headers, `${options?.method ?? 'GET'} ${url} (${answer.status})`);
  }
});

test('POST /api/health with 5.8 MB is refused at once, and the server still answers (defect 1)', async () => {
  const started = Date.now();
  const answer = await raw(`${base}/api/health`, { method: 'POST', size: 5.8 * 1024 * 1024 });
  expect(answer.status).toBe(405);
  expect(answer.headers.allow).toBe('GET, HEAD');
  expect(Date.now() - started).toBeLessThan(10_000);
  expect((await raw(`${base}/api/health`)).status).toBe(200);
});

test('X-Forwarded-Proto from a client (no trusted proxy) turns on neither HSTS nor Secure cookies (defect 11)', async () => {
  const answer = await raw(`${base}/lv-en`, { headers: { 'x-forwarded-proto': 'https', 'sec-fetch-dest': 'document' } });
  expect(answer.status).toBe(200);
  expect(answer.headers['strict-transport-security']).toBeUndefined();
  const cookies = answer.headers['set-cookie'] ?? [];
  expect(cookies.length).toBeGreaterThan(0);
  for (const cookie of cookies) expect(cookie).not.toMatch(/;\s*secure/i);
  expect(answer.text).not.toContain('upgrade-insecure-requests');
});

test('a malformed multipart post to a page is a 400, a cross-site form post without JavaScript a 403 (defect 11)', async () => {
  const broken = await raw(`${base}/lv-en/ask-question`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=xyz', origin: base }, body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--zz' });
  expect(broken.status).toBe(400);
  expect(broken.text.length).toBeLessThan(2000);
  const action = '--xyz\r\nContent-Disposition: form-data; name="$ACTION_ID_0000000000000000000000000000000000000000"\r\n\r\n\r\n--xyz--\r\n';
  const foreign = await raw(`${base}/lv-en/ask-question`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=xyz', origin: 'https://evil.example' }, body: action });
  expect(foreign.status).toBe(403);
  expectFullSet(foreign.headers, 'cross-site post');
});

test('cancelling a payment from another site is refused (defect 6)', async () => {
  const body = new URLSearchParams({ payment: crypto.randomUUID(), locale: 'en-LV', confirmed: '1' }).toString();
  const foreign = await raw(`${base}/api/payments/cancel`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' }, body });
  expect(foreign.status).toBe(403);
  expect(JSON.parse(foreign.text).error.code).toBe('cross_origin');
  const own = await raw(`${base}/api/payments/cancel`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base }, body });
  expect(own.status).toBe(400); // an unknown payment: the check let it through
});

test('more trusted hops than X-Forwarded-For entries: the socket counts, not the client-written entry (defect 11)', async () => {
  const url = await startServer(e2ePort + 30, { TRUSTED_PROXY_HOPS: '2', FORM_RATE_LIMIT: '2' });
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    const answer = await raw(`${url}/api/site/ask-question`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
      body: JSON.stringify({ name: 'Hops', email: 'hops@example.lv', message: `try ${i}`, lang: 'lv' }),
    });
    statuses.push(answer.status);
  }
  expect(statuses).toEqual([201, 201, 429, 429, 429]);
});
