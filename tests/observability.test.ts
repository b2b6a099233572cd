import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpObservability, loadRoutes, routeOf } from '@/lib/observability/http.ts';
import { configureLogger, logger, requestContext, scrub } from '@/lib/observability/logger.ts';
import { metrics, metricsText } from '@/lib/observability/metrics.ts';
import { blockedOrigin, directiveOf, handleCspReport, violationsOf } from '@/lib/observability/csp-report';

/** Captures the logger's lines (JSON) for a test. */
function captureLines(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Record<string, unknown>);
      done();
    },
  });
  configureLogger({ level, instance: 'test-instance', destination });
  return lines;
}

const sink = () => new Writable({ write: (_chunk, _encoding, done) => done() });

describe('the logger', () => {
  it('writes one JSON line per event with time, level, instance, and the request id of the request in progress', () => {
    const lines = captureLines();
    requestContext.run({ requestId: 'req-0001' }, () => logger('outbox').info({ event: 'outbox.done', topic: 'mail' }, 'outbox row done'));
    logger().debug('not at info level');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', instance: 'test-instance', component: 'outbox', requestId: 'req-0001', event: 'outbox.done', msg: 'outbox row done' });
    expect(new Date(String(lines[0]!.time)).getTime()).toBeGreaterThan(0);
  });

  it('logs an error with its stack, and masks e-mail addresses, phone numbers and card numbers anywhere in a line', () => {
    const lines = captureLines();
    const error = new Error('SMTP 550: mailbox anna.kalnina@example.lv unknown');
    logger('mail').error({ err: error, note: 'card 4242 4242 4242 4242, phone +371 2000 0000' }, 'failed for anna.kalnina@example.lv');
    const text = JSON.stringify(lines[0]);
    expect(text).not.toMatch(/anna\.kalnina|4242 4242|2000 0000/);
    expect(lines[0]).toMatchObject({ level: 'error', msg: 'failed for [email]', note: 'card [digits], phone [phone]' });
    expect((lines[0]!.err as { stack: string }).stack).toMatch(/^Error: SMTP 550: mailbox \[email\] unknown\n\s+at /);
  });

  it('scrub leaves ids, times and short numbers alone', () => {
    const text = 'payment 3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b, request c9d0dc17-aefd-4123-8123-123456789012 at 2026-11-26T19:20:59.046Z took 497 ms on port 4700';
    expect(scrub(text)).toBe(text);
    const stack = 'at Socket.onTimeout (/srv/site/node_modules/@redis/client/dist/lib/client/socket.js:292:46)';
    expect(scrub(stack)).toBe(stack);
    expect(scrub('card 4242-4242-4242-4242 and 4000000000000002')).toBe('card [digits] and [digits]');
  });

  it('LOG_LEVEL=warn leaves info lines out', () => {
    const lines = captureLines('warn');
    logger().info('quiet');
    logger().warn('loud');
    expect(lines.map((line) => line.msg)).toEqual(['loud']);
  });
});

describe('route patterns', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-routes-'));
  fs.mkdirSync(path.join(dir, '.next', 'server'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'public', 'fonts'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'public', 'fonts', 'inter.woff2'), '');
  // The shape of Next's manifests (routes-manifest.json, server/app-paths-manifest.json), hand-written;
  // that a real build has it is held by tests/next-contract (assumption #11).
  fs.writeFileSync(
    path.join(dir, '.next', 'routes-manifest.json'),
    JSON.stringify({
      staticRoutes: [{ page: '/api/health', regex: '^/api/health(?:/)?$' }, { page: '/_not-found', regex: '^/_not\\-found(?:/)?$' }],
      dynamicRoutes: [
        { page: '/[locale]', regex: '^/([^/]+?)(?:/)?$' },
        { page: '/[locale]/blog/[slug]', regex: '^/([^/]+?)/blog/([^/]+?)(?:/)?$' },
        { page: '/[locale]/[slug]', regex: '^/([^/]+?)/([^/]+?)(?:/)?$' },
      ],
    }),
  );
  fs.writeFileSync(
    path.join(dir, '.next', 'server', 'app-paths-manifest.json'),
    JSON.stringify({ '/[locale]/page': 'x', '/[locale]/blog/[slug]/page': 'x', '/[locale]/[slug]/page': 'x', '/api/health/route': 'x' }),
  );
  const table = loadRoutes(path.join(dir, '.next'), path.join(dir, 'public'));

  it('names the pattern and kind, never the path', () => {
    expect(routeOf(table, '/lv-en/blog/some-post?x=1')).toEqual({ route: '/[locale]/blog/[slug]', kind: 'page' });
    expect(routeOf(table, '/lv-lv/about')).toEqual({ route: '/[locale]/[slug]', kind: 'page' });
    expect(routeOf(table, '/api/health')).toEqual({ route: '/api/health', kind: 'api' });
    expect(routeOf(table, '/_next/static/chunks/abc.js')).toEqual({ route: '/_next/static', kind: 'static' });
    expect(routeOf(table, '/fonts/inter.woff2')).toEqual({ route: '(public file)', kind: 'static' });
    expect(routeOf(table, '/a/b/c/d')).toEqual({ route: '(unmatched)', kind: 'other' });
  });

  describe('on a running server', () => {
    let server: http.Server;
    let base = '';
    beforeAll(async () => {
      const observe = createHttpObservability({ root: dir, instance: 'test', destination: sink() });
      server = http.createServer(
        observe.handler((req, res) => {
          res.statusCode = req.url?.startsWith('/api/health') ? 200 : 404;
          res.end('x');
        }),
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('1,000 distinct unknown paths add no series', async () => {
      const series = async () => (await metricsText()).body.split('\n').filter((line) => line.startsWith('billme_http_')).length;
      const paths = (i: number) => [`/lv-lv/no-such-${i}`, `/x${i}/y/z/${i}`, `/api/no-such-${i}`, `/lv-en/blog/no-such-${i}?email=a${i}@example.lv`];
      for (const p of paths(0)) await fetch(`${base}${p}`);
      const primed = await series();
      for (let i = 1; i <= 250; i++) await Promise.all(paths(i).map((p) => fetch(`${base}${p}`).then((r) => r.text())));
      expect(await series()).toBe(primed);
      expect((await metricsText()).body).not.toMatch(/no-such|example\.lv/);
    }, 60_000);

    it('echoes a request id, and keeps a trusted proxy’s only when told to trust it', async () => {
      const answer = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'abcdef0123456789abcdef0123456789' } });
      expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      const trusting = createHttpObservability({ root: dir, trustRequestId: true, instance: 'test', destination: sink() });
      const other = http.createServer(trusting.handler((_req, res) => res.end('ok')));
      await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
      expect((await fetch(url, { headers: { 'x-request-id': 'abcdef0123456789abcdef0123456789' } })).headers.get('x-request-id')).toBe('abcdef0123456789abcdef0123456789');
      // Not an id's shape (a header injection, a long text): a new one.
      expect((await fetch(url, { headers: { 'x-request-id': 'a b<script>' } })).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      await new Promise<void>((resolve) => other.close(() => resolve()));
    });
  });
});

describe('metrics', () => {
  it('have the first mail failure counted from zero, so that Prometheus sees its increase', async () => {
    metrics();
    expect((await metricsText()).body).toMatch(/^billme_mail_failed_total\{permanent="false"\} 0$/m);
  });
});

describe('CSP reports', () => {
  const post = (body: string, type = 'application/reports+json', headers: Record<string, string> = {}) =>
    new Request('http://localhost/api/csp-report', { method: 'POST', headers: { 'content-type': type, ...headers }, body });

  it('keeps the directive and the blocked origin only, from either format', () => {
    expect(
      violationsOf([{ type: 'csp-violation', body: { effectiveDirective: 'script-src-elem', blockedURL: 'https://cdn.example/a.js?u=anna@example.lv', documentURL: 'http://x/?q=1' } }]),
    ).toEqual([{ directive: 'script-src-elem', blocked: 'https://cdn.example' }]);
    expect(violationsOf({ 'csp-report': { 'violated-directive': "img-src 'self'", 'blocked-uri': 'data' } })).toEqual([{ directive: 'img-src', blocked: 'data' }]);
    expect(directiveOf('made-up-directive')).toBe('other');
    expect(blockedOrigin('javascript:alert(1)')).toBe('javascript:');
    expect(blockedOrigin('not a url')).toBe('other');
  });

  it('logs one line per report and counts it; refuses other types, large bodies and floods', async () => {
    const lines = captureLines();
    const report = JSON.stringify([{ type: 'csp-violation', body: { effectiveDirective: 'script-src-elem', blockedURL: 'inline' } }]);
    expect((await handleCspReport(post(report), '203.0.113.1', 0)).status).toBe(204);
    expect(lines.filter((line) => line.event === 'csp.report')).toEqual([expect.objectContaining({ directive: 'script-src-elem', blocked: 'inline' })]);
    expect((await metricsText()).body).toMatch(/^billme_csp_reports_total\{directive="script-src-elem"\} [1-9]/m);
    expect((await handleCspReport(post(report, 'text/plain'), '203.0.113.1', 0)).status).toBe(415);
    expect((await handleCspReport(post('x'.repeat(17_000)), '203.0.113.1', 0)).status).toBe(413);
    expect((await handleCspReport(post('{'), '203.0.113.1', 0)).status).toBe(400);
    const statuses = [];
    for (let i = 0; i < 40; i++) statuses.push((await handleCspReport(post(report), '203.0.113.9', 60_000)).status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(30);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
  });
});
