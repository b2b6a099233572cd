import fs from 'node:fs';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { expect, test } from '@playwright/test';
import { e2eMetricsPort, serverLogs } from './support/servers';

/**
 * What an operator sees of the running site: a request id in each answer and log line, metrics on their
 * own port with bounded labels, CSP violation reports that arrive from a real browser, readiness details.
 */
const metricsUrl = `http://127.0.0.1:${e2eMetricsPort}/metrics`;
const logLines = () => fs.readFileSync(serverLogs[0], 'utf8').split('\n').filter(Boolean);
/** The series of the site's metrics (the billme_ ones; Node's own move by themselves). */
const billmeSeries = (text: string) => text.split('\n').filter((line) => line.startsWith('billme_'));

test('each answer carries a request id, and the request is one JSON line with its route pattern', async ({ request }) => {
  const response = await request.get('/lv-en/blog/how-automatic-payment-works', { headers: { 'x-request-id': 'chosen-by-the-client-1234' } });
  expect(response.status()).toBe(200);
  const id = response.headers()['x-request-id'];
  // No trusted proxy in front of this server: a client's own id is replaced.
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await expect.poll(() => logLines().find((line) => line.includes(id!))).toBeTruthy();
  const line = JSON.parse(logLines().find((l) => l.includes(`"requestId":"${id}"`) && l.includes('"event":"request"'))!);
  expect(line).toMatchObject({ level: 'info', requestId: id, method: 'GET', route: '/[locale]/blog/[slug]', status: 200 });
  expect(typeof line.time).toBe('string');
  expect(typeof line.instance).toBe('string');
  expect(line.durationMs).toBeGreaterThan(0);
  expect(JSON.stringify(line)).not.toContain('how-automatic-payment-works');
});

test('metrics are served on the metrics port only, and 1,000 unknown paths add no series', async ({ request }) => {
  test.setTimeout(240_000);
  expect((await request.get('/metrics')).status()).toBe(404);
  const before = billmeSeries(await (await request.get(metricsUrl)).text());
  expect(before.length).toBeGreaterThan(0);
  // Each kind of unknown path once, so that its (bounded) series exist before counting.
  const kinds = (i: number) => [`/lv-lv/no-such-page-${i}`, `/api/no-such-${i}`, `/no-such-${i}/x/y/z`, `/lv-en/blog/no-such-post-${i}`];
  for (const path of kinds(0)) await request.get(path);
  const primed = billmeSeries(await (await request.get(metricsUrl)).text()).length;
  for (let i = 1; i <= 250; i += 10) {
    await Promise.all(Array.from({ length: 10 }, (_, j) => kinds(i + j)).flat().map((path) => request.get(path, { maxRedirects: 0 })));
  }
  const after = billmeSeries(await (await request.get(metricsUrl)).text());
  console.log(`metric series (billme_*): ${before.length} at start, ${primed} after one request of each kind, ${after.length} after 1,000 distinct unknown paths`);
  expect(after.length).toBe(primed);
  expect(after.join('\n')).not.toContain('no-such');
});

test('readiness reports the outbox and the content API, and stays tied to the database', async ({ request }) => {
  const response = await request.get('/api/health/ready');
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ status: 'ready', checks: { database: true, migrations: true }, contentApi: { paused: false } });
  expect(typeof body.outbox.oldestAgeSeconds).toBe('number');
});

test.describe('CSP violation reports', () => {
  // Chromium holds Reporting API reports for up to a minute before sending them; this flag sends them at once.
  test.use({ launchOptions: { ...chromiumLaunchOptions, args: [...(chromiumLaunchOptions.args ?? []), '--short-reporting-delay'] } });

  test('an inline script injected into a page is blocked and its report arrives', async ({ page, request }) => {
    const before = await (await request.get(metricsUrl)).text();
    const count = (text: string) => Number(/^billme_csp_reports_total\{directive="script-src-elem"\} (\d+)/m.exec(text)?.[1] ?? 0);
    const response = await page.goto('/lv-en/about');
    expect(response!.headers()['reporting-endpoints']).toMatch(/^csp="http:\/\/localhost:\d+\/api\/csp-report"$/);
    expect(response!.headers()['content-security-policy']).toMatch(/report-uri http:\/\/localhost:\d+\/api\/csp-report; report-to csp/);
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      return (window as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(async () => count(await (await request.get(metricsUrl)).text()), { timeout: 30_000 }).toBeGreaterThan(count(before));
    const reported = logLines().filter((line) => line.includes('"event":"csp.report"'));
    expect(reported.some((line) => line.includes('"directive":"script-src-elem"') && line.includes('"blocked":"inline"'))).toBe(true);
  });

  test('the endpoint takes the older format too, and refuses what is too large or not a report', async ({ request }) => {
    const old = { 'csp-report': { 'document-uri': 'http://localhost/lv-en?email=someone@example.org', 'effective-directive': 'img-src', 'blocked-uri': 'https://tracker.example/pixel.gif?id=42' } };
    const answer = await request.post('/api/csp-report', { headers: { 'content-type': 'application/csp-report' }, data: JSON.stringify(old) });
    expect(answer.status()).toBe(204);
    expect(answer.headers()['set-cookie']).toBeUndefined();
    await expect.poll(() => logLines().some((line) => line.includes('"directive":"img-src"') && line.includes('"blocked":"https://tracker.example"'))).toBe(true);
    expect(logLines().some((line) => line.includes('pixel.gif') || line.includes('someone@example.org'))).toBe(false);
    const big = await request.post('/api/csp-report', { headers: { 'content-type': 'application/csp-report' }, data: 'x'.repeat(20_000) });
    expect(big.status()).toBe(413);
    expect((await request.post('/api/csp-report', { headers: { 'content-type': 'text/plain' }, data: 'hello' })).status()).toBe(415);
  });
});
