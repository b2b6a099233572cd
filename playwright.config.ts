import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';
import { apiProxyPort as apiPort, e2eDataDir, e2ePort as port, e2eRevalidateSecret, remoteDataDir, remotePort } from './e2e/support/servers';

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
  ],
  webServer: [
    {
      // The production build (npm run build first), on its embedded content.
      command: 'node server.mjs',
      url: `http://localhost:${port}/lv-lv`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      // Tests send many forms from one address: the rate limit is tested in tests/submissions.test.ts.
      env: { PORT: String(port), NEXT_PUBLIC_SITE_URL: `http://localhost:${port}`, DATA_DIR: e2eDataDir, FORM_RATE_LIMIT: '10000', PAYMENT_RATE_LIMIT: '10000', NEXT_PUBLIC_GTM_ID: 'GTM-TEST123' },
    },
    {
      command: 'node e2e/support/flaky-api.mjs',
      url: `http://localhost:${apiPort}/__health`,
      reuseExistingServer: !process.env.CI,
      env: { FLAKY_API_PORT: String(apiPort), FLAKY_API_UPSTREAM: `http://localhost:${port}` },
    },
    {
      // The same build in remote mode: API_BASE_URL points at the embedded API through the proxy.
      command: 'node server.mjs',
      url: `http://localhost:${remotePort}/lv-lv`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      env: {
        PORT: String(remotePort),
        NEXT_PUBLIC_SITE_URL: `http://localhost:${remotePort}`,
        API_BASE_URL: `http://localhost:${apiPort}/api`,
        REVALIDATE_SECRET: e2eRevalidateSecret,
        CONTENT_TIMEOUT_MS: '2000',
        DATA_DIR: remoteDataDir,
        FORM_RATE_LIMIT: '10000',
        PAYMENT_RATE_LIMIT: '10000',
      },
    },
  ],
});
