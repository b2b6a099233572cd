import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { e2eMetricsPort, serverLogs } from './support/servers';

/**
 * What an operator sees of the running site: a request id in each answer and log line, metrics on their
 * own port with bounded labels, readiness details (CSP reports: e2e/csp-report.spec.ts).
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
