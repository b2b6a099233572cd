import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API_ROUTES, APPLICATION_BODY_LIMIT, bodyRule, createBodyGuard, PAGE_BODY_LIMIT, SERVER_OPTIONS } from '@/lib/http/body-limit.mjs';
import { CV_MAX_BYTES } from '@/lib/forms/cv';
import { MAX_JSON_BYTES } from '@/lib/submissions/api';

/**
 * server.ts's body guard (issue 28, defect 1) on a plain Node server: what it refuses it refuses before
 * keeping the body, and what it keeps stays within the route's limit and one budget for all requests.
 * The memory figure under 200 real posts to the production server: scripts/perf/body-memory.mjs.
 */
const root = path.resolve(__dirname, '..');
type Reached = { method: string; url: string; length: string | undefined; chunked: boolean; bytes: number };

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function start(budget?: number) {
  const guard = createBodyGuard({ root, budget });
  const reached: Reached[] = [];
  let peak = 0;
  const handler = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const sampler = setInterval(() => (peak = Math.max(peak, guard.held())), 1);
    const request = await guard.guard(req, res);
    peak = Math.max(peak, guard.held());
    clearInterval(sampler);
    if (!request) return;
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    reached.push({ method: request.method!, url: request.url!, length: request.headers['content-length'], chunked: 'transfer-encoding' in request.headers, bytes: Buffer.concat(chunks).length });
    // Hold the body a moment, as Next does while it works on it.
    setTimeout(() => res.end('ok'), 50);
  };
  const server = http.createServer(SERVER_OPTIONS, handler);
  server.on('checkContinue', guard.checkContinue(handler));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, reached, guard, peak: () => peak };
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

/** A POST of `size` bytes, chunked (or with a Content-Length), as a raw client sends it. */
function post(url: string, bytes: number, { chunked = true, expectContinue = false } = {}): Promise<Answer> {
  const size = Math.round(bytes);
  return new Promise((resolve, reject) => {
    const type = url.includes('/careers/') ? 'multipart/form-data; boundary=x' : 'application/x-www-form-urlencoded';
    const headers: Record<string, string> = { 'content-type': type, ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(size) }) };
    if (expectContinue) headers.expect = '100-continue';
    const request = http.request(url, { method: 'POST', headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString() }));
    });
    request.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    const write = () => {
      while (sent < size) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        if (!request.write(part)) return void request.once('drain', write);
      }
      request.end();
    };
    if (expectContinue) request.on('continue', write);
    else write();
    if (expectContinue) request.on('response', () => request.destroy());
  });
}

const MB = 1024 * 1024;

describe('the body limits of each route, known before the body is read', () => {
  it('gives pages 64 KB, a job application its CV and a margin, the JSON forms 64 KB', () => {
    expect(bodyRule('POST', '/lv-en')).toEqual({ limit: PAGE_BODY_LIMIT });
    expect(bodyRule('POST', '/lv-en/ask-question?x=1')).toEqual({ limit: PAGE_BODY_LIMIT });
    expect(bodyRule('POST', '/ee-et/careers/senior-full-stack-engineer', 'multipart/form-data; boundary=x')).toEqual({ limit: APPLICATION_BODY_LIMIT });
    expect(bodyRule('POST', '/ee-et/careers/senior-full-stack-engineer', 'application/x-www-form-urlencoded')).toEqual({ limit: PAGE_BODY_LIMIT });
    expect(APPLICATION_BODY_LIMIT).toBe(CV_MAX_BYTES + 512 * 1024);
    expect(bodyRule('POST', '/api/site/ask-question')).toEqual({ limit: MAX_JSON_BYTES });
    expect(bodyRule('POST', '/api/health')).toEqual({ status: 405, allow: ['GET', 'HEAD'] });
    expect(bodyRule('POST', '/api/health/')).toMatchObject({ status: 405 });
    expect(bodyRule('PUT', '/lv-lv/about')).toEqual({ status: 405, allow: ['GET', 'HEAD', 'POST'] });
    expect(bodyRule('POST', '/_next/image')).toMatchObject({ status: 405 });
    expect(bodyRule('GET', '/lv-lv')).toEqual({ limit: 0 });
  });

  it('names every API route with the methods its route file exports', () => {
    for (const [route, methods] of Object.entries(API_ROUTES)) {
      const dir = path.join(root, 'app', route);
      const file = ['route.ts', 'route.tsx'].map((name) => path.join(dir, name)).find((name) => fs.existsSync(name));
      expect(file, route).toBeDefined();
      const source = fs.readFileSync(file!, 'utf8');
      const exported = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => new RegExp(`export (const|async function|function) ${m}\\b`).test(source));
      expect(exported, route).toEqual(Object.keys(methods).filter((m) => m !== 'HEAD' && m !== 'OPTIONS'));
    }
  });

  it('sets the request and header timeouts instead of Node\'s 300 s', () => {
    expect(SERVER_OPTIONS.requestTimeout).toBeLessThanOrEqual(120_000);
    expect(SERVER_OPTIONS.headersTimeout).toBeLessThanOrEqual(20_000);
  });
});

describe('the body guard', () => {
  it('answers 405 to a method the route does not take, keeping none of a 5.8 MB body', async () => {
    const server = await start();
    const answer = await post(`${server.url}/api/health`, 5.8 * MB);
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
    expect(server.peak()).toBe(0);
    expect(server.reached).toEqual([]);
  });

  it('refuses a chunked body over the page\'s limit after keeping at most the limit, in the edition\'s language', async () => {
    const server = await start();
    const answer = await post(`${server.url}/lv-lv/ask-question`, 5.8 * MB);
    expect(answer.status).toBe(413);
    expect(answer.text).toContain(JSON.parse(fs.readFileSync(path.join(root, 'messages/lv.json'), 'utf8')).Forms.formErrors.tooLarge);
    expect(server.peak()).toBeLessThanOrEqual(PAGE_BODY_LIMIT);
    expect(server.reached).toEqual([]);
    expect(server.guard.held()).toBe(0);
  });

  it('refuses a declared length over the limit without reading, and before the body when asked to continue', async () => {
    const server = await start();
    expect((await post(`${server.url}/lv-en`, 200 * 1024, { chunked: false })).status).toBe(413);
    expect((await post(`${server.url}/lv-en`, 5 * MB, { chunked: false, expectContinue: true })).status).toBe(413);
    expect((await post(`${server.url}/api/health`, 5 * MB, { chunked: false, expectContinue: true })).status).toBe(405);
    expect(server.peak()).toBe(0);
    expect(server.reached).toEqual([]);
  });

  it('passes a body within the limits on whole, with a Content-Length, after 100 Continue too', async () => {
    const server = await start();
    expect((await post(`${server.url}/lv-en/ask-question`, 30_000)).status).toBe(200);
    expect((await post(`${server.url}/lv-en/careers/x`, 2 * MB, { chunked: false, expectContinue: true })).status).toBe(200);
    expect(server.reached).toEqual([
      { method: 'POST', url: '/lv-en/ask-question', length: '30000', chunked: false, bytes: 30_000 },
      { method: 'POST', url: '/lv-en/careers/x', length: String(2 * MB), chunked: false, bytes: 2 * MB },
    ]);
    expect(server.guard.held()).toBe(0);
  });

  it('holds no more than its budget across requests: beyond it, 503 with Retry-After, and the budget comes back', async () => {
    const server = await start(3 * MB);
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(`${server.url}/lv-en/careers/x`, 1.5 * MB)));
    const statuses = answers.map((a) => a.status);
    expect(statuses).toContain(503);
    expect(statuses).toContain(200);
    expect(answers.find((a) => a.status === 503)!.headers['retry-after']).toMatch(/^\d+$/);
    expect(server.peak()).toBeLessThanOrEqual(3 * MB);
    expect(server.guard.held()).toBe(0);
    expect((await post(`${server.url}/lv-en/careers/x`, 1.5 * MB)).status).toBe(200);
  });
});
