import fs from 'node:fs';
import { expect, test } from './fixtures';
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
  // The unknown paths are asked with OPTIONS, which no other test sends: the series they can add are told
  // apart from those of the tests running beside this one.
  const ours = (text: string) => billmeSeries(text).filter((line) => line.startsWith('billme_http_requests_total') && line.includes('method="OPTIONS"'));
  const kinds = (i: number) => [`/lv-lv/no-such-page-${i}`, `/api/no-such-${i}`, `/no-such-${i}/x/y/z`, `/lv-en/blog/no-such-post-${i}`];
  const ask = (path: string) => request.fetch(path, { method: 'OPTIONS', maxRedirects: 0 });
  // Each kind of unknown path once, so that its (bounded) series exist before counting.
  for (const path of kinds(0)) await ask(path);
  const primed = ours(await (await request.get(metricsUrl)).text());
  for (let i = 1; i <= 250; i += 10) await Promise.all(Array.from({ length: 10 }, (_, j) => kinds(i + j)).flat().map(ask));
  const text = await (await request.get(metricsUrl)).text();
  const after = ours(text);
  console.log(`series of these requests: ${primed.length} after one of each kind, ${after.length} after 1,000 distinct unknown paths (all billme_ series: ${billmeSeries(text).length})`);
  expect(primed.length).toBeGreaterThan(0);
  expect(after.map((line) => line.split(' ')[0])).toEqual(primed.map((line) => line.split(' ')[0]));
  expect(text).not.toContain('no-such');
});

test('readiness reports the outbox and the content API, and stays tied to the database', async ({ request }) => {
  const response = await request.get('/api/health/ready');
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ status: 'ready', checks: { database: true, migrations: true }, contentApi: { paused: false } });
  expect(typeof body.outbox.oldestAgeSeconds).toBe('number');
});
