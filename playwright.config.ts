import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';
import fs from 'node:fs';
import { apiProxyPort as apiPort, e2eDataDir, e2eMetricsPort, e2ePort as port, e2eRevalidateSecret, remoteDataDir, remoteMetricsPort, remotePort, sandboxApi, sandboxApiUrl, sandboxPage, sandboxDataFile, sandboxPageOrigin, sandboxSecret, serverLogDir, serverLogs } from './e2e/support/servers';

// Each run's server output starts empty (e2e/logs.privacy.ts reads it after the other tests), emptied once
// by the runner (workers load this file too). E2E_KEEP_LOGS=1 keeps the last run's, to run the check alone:
// E2E_KEEP_LOGS=1 npx playwright test --project=logs --no-deps
fs.mkdirSync(serverLogDir, { recursive: true });
if (process.env.TEST_WORKER_INDEX === undefined && !process.env.E2E_KEEP_LOGS) for (const file of serverLogs) fs.writeFileSync(file, '');

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    // Visitors who already answered the cookie banner (rejected): the banner stays out of the way of
    // the other journeys; e2e/consent.spec.ts starts without it.
    storageState: { cookies: [{ name: 'GDPR_ACCEPT', value: 'false', domain: 'localhost', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }], origins: [] },
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } }, testIgnore: '**/*.mobile.spec.ts' },
    { name: 'phone', use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }, testMatch: '**/*.mobile.spec.ts' },
    // After every journey of the other projects: no e-mail, name or card number of the test data in any
    // line the servers logged.
    { name: 'logs', testMatch: '**/*.privacy.ts', dependencies: ['desktop', 'phone'] },
  ],
  webServer: [
    {
      // The production build (npm run build first), on its embedded content.
      command: `node server.ts >> ${serverLogs[0]} 2>&1`,
      url: `http://localhost:${port}/lv-lv`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      // Tests send many forms and renders from one address: the rate limits are tested in
      // tests/submissions.test.ts, the per-client time in Next (off here: 0) in tests/next-budget.test.ts,
      // tests/cluster/edge.test.ts and `npm run bench:attack`.
      // Payments go to the sandbox provider on its own origin, production's path (issue 46).
      env: {
        PORT: String(port), METRICS_PORT: String(e2eMetricsPort), PAGE_CACHE_STATUS: 'on', NEXT_PUBLIC_SITE_URL: `http://localhost:${port}`, DATA_DIR: e2eDataDir, FORM_RATE_LIMIT: '10000', PAYMENT_RATE_LIMIT: '10000', CARD_RATE_LIMIT: '10000', NEXT_BUDGET_MS_PER_SECOND: '0', NEXT_PUBLIC_GTM_ID: 'GTM-TEST123',
        PAYMENT_PROVIDER: 'sandbox', PAYMENT_API_URL: sandboxApiUrl, PAYMENT_HOSTED_ORIGINS: sandboxPageOrigin, PAYMENT_WEBHOOK_SECRET: sandboxSecret,
      },
    },
    {
      // The sandbox payment provider: its API and its hosted page on two loopback addresses of their own.
      command: `node --import tsx scripts/payment-sandbox.ts --api ${sandboxApi.host}:${sandboxApi.port} --page ${sandboxPage.host}:${sandboxPage.port} --card-limit 10000 --data ${sandboxDataFile} >> ${serverLogs[2]} 2>&1`,
      url: `${sandboxApiUrl.replace(/\/v1$/, '')}/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      env: { PAYMENT_WEBHOOK_SECRET: sandboxSecret },
    },
    {
      command: 'node e2e/support/flaky-api.mjs',
      url: `http://localhost:${apiPort}/__health`,
      reuseExistingServer: !process.env.CI,
      env: { FLAKY_API_PORT: String(apiPort), FLAKY_API_UPSTREAM: `http://localhost:${port}` },
    },
    {
      // The same build in remote mode: API_BASE_URL points at the embedded API through the proxy.
      command: `node server.ts >> ${serverLogs[1]} 2>&1`,
      url: `http://localhost:${remotePort}/lv-lv`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      env: {
        PORT: String(remotePort),
        PAGE_CACHE_STATUS: 'on',
        METRICS_PORT: String(remoteMetricsPort),
        NEXT_PUBLIC_SITE_URL: `http://localhost:${remotePort}`,
        API_BASE_URL: `http://localhost:${apiPort}/api`,
        REVALIDATE_SECRET: e2eRevalidateSecret,
        CONTENT_TIMEOUT_MS: '2000',
        DATA_DIR: remoteDataDir,
        FORM_RATE_LIMIT: '10000',
        PAYMENT_RATE_LIMIT: '10000',
        CARD_RATE_LIMIT: '10000',
        NEXT_BUDGET_MS_PER_SECOND: '0',
        // A sign-up address here and none on the main server: e2e/business.spec.ts sees the link both ways.
        CUSTOMER_SIGNUP_URL: 'https://signup.example.com/start',
      },
    },
  ],
});
