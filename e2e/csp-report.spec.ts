import fs from 'node:fs';
import { expect, test } from './fixtures';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { e2eMetricsPort, e2ePort, serverLogs } from './support/servers';
import { startTlsFront } from './support/tls-front';

/**
 * CSP violation reports (lib/observability/csp-report.ts): a real browser's report arrives, is logged with
 * its directive and blocked origin only, and is counted; the older report format is taken too.
 */
const metricsUrl = `http://127.0.0.1:${e2eMetricsPort}/metrics`;
const logLines = () => fs.readFileSync(serverLogs[0], 'utf8').split('\n').filter(Boolean);

// Chromium holds Reporting API reports for up to a minute before sending them (this flag sends them at
// once), and sends them to https endpoints only: the page is loaded through an https front with a
// self-signed certificate, as nginx is in front of the site in production.
test.use({
  launchOptions: { ...chromiumLaunchOptions, args: [...chromiumLaunchOptions.args, '--short-reporting-delay', '--ignore-certificate-errors'] },
  ignoreHTTPSErrors: true,
});

test('an inline script injected into a page is blocked and its report arrives', async ({ page, request }) => {
  const before = await (await request.get(metricsUrl)).text();
  const count = (text: string) => Number(/^billme_csp_reports_total\{directive="script-src-elem"\} (\d+)/m.exec(text)?.[1] ?? 0);
  const front = await startTlsFront(e2ePort + 3, e2ePort);
  try {
    // An injected script, as a stored XSS would put it into the HTML: in the page as the browser gets it,
    // with the site's own headers (its CSP) kept.
    await page.route('**/lv-en/about', async (route) => {
      const original = await route.fetch();
      const html = (await original.text()).replace('</body>', '<script>window.__injected = true</script></body>');
      await route.fulfill({ response: original, body: html });
    });
    const response = await page.goto(`${front.url}/lv-en/about`);
    expect(response!.headers()['reporting-endpoints']).toBe('csp="/api/csp-report"');
    expect(response!.headers()['content-security-policy']).toMatch(/; report-uri \/api\/csp-report; report-to csp$/);
    const ran = await page.evaluate(() => (window as { __injected?: boolean }).__injected === true);
    expect(ran).toBe(false);
    await expect.poll(async () => count(await (await request.get(metricsUrl)).text()), { timeout: 30_000 }).toBeGreaterThan(count(before));
  } finally {
    await front.close();
  }
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
