// How long a slow phone waits between a page's first paint and its first working JavaScript handler.
// Found by acting, as a visitor would: from the moment the page is committed, a probe taps a control over
// and over and checks an effect that only the page's JavaScript produces; the first tap whose effect is
// seen gives the time. Conditions of issue 38, in Debian's Chromium through CDP: 360 px, CPU slowed 4×,
// 1.6 Mbps down, 750 kbps up, 150 ms round trip, HTTP cache off; a fresh browser context (no cookies: a
// first visit) per load.
//   node scripts/perf/interactive-gap.mjs URL probe [runs]     probe: menu | service | form | counter
// Used by bench-web.mjs (section "Paint → first working handler").
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium.mjs';

export const gapConditions = { width: 360, height: 640, cpu: 4, downBps: 1_600_000 / 8, upBps: 750_000 / 8, rttMs: 150 };

/** Milliseconds since the navigation started, in the page (the clock its paint entries use). */
const now = (page) => page.evaluate(() => performance.now());

/** Whether an effect shows within a moment of the tap (a handler's render or a toggle event is not synchronous). */
const shows = (locator) =>
  locator
    .first()
    .waitFor({ state: 'attached', timeout: 150 })
    .then(() => true, () => false);

/**
 * Each probe: one attempt (a tap and what undoes its native effect when JavaScript did not answer), and
 * the check of the effect only JavaScript gives.
 */
export const probes = {
  // The phone menu: with JavaScript its button marks the menu open (data-open); the invoker command
  // alone opens the dialog without it. Escape closes a menu opened natively.
  menu: {
    async attempt(page) {
      await page.locator('button[command="show-modal"][commandfor="mobile-menu"]').tap({ timeout: 5000 });
      return shows(page.locator('button[command="show-modal"][commandfor="mobile-menu"][data-open="true"]'));
    },
    async undo(page) {
      await page.keyboard.press('Escape');
    },
  },
  // A company page: tap a priced service, the total appears (computed in the browser; a free amount
  // shows none before an amount is typed, so that choice is not tapped).
  service: {
    async attempt(page) {
      await page.locator('input[name="choice"]:not([value$="/free"])').first().tap({ timeout: 5000 });
      return shows(page.locator('form [aria-live="polite"] dl'));
    },
    async undo() {},
  },
  // A form page: Send on the empty form shows the error summary without a request (react-hook-form with
  // the form's schema). Without JavaScript the browser would post the form: a listener added to the page
  // (below) cancels that, after React's own handler, and the page stays as it was.
  form: {
    async attempt(page) {
      await page.locator('main form button[type="submit"]').first().tap({ timeout: 5000 });
      return shows(page.locator('main form [role="alert"]'));
    },
    async undo() {},
  },
  // The bare app's page (../shared/bench, /lv-lv): its counter counts a tap.
  counter: {
    async attempt(page) {
      const before = await page.getByTestId('count').textContent({ timeout: 5000 });
      await page.getByRole('button').first().tap({ timeout: 5000 });
      return (await page.getByTestId('count').textContent()) !== before;
    },
    async undo() {},
  },
};

/** One cold load of url: { paint, handler, gap } in ms since navigation start (FCP, first working tap). */
export async function measureOnce(browser, url, probeName, { timeoutMs = 30_000 } = {}) {
  const probe = probes[probeName];
  if (!probe) throw new Error(`no probe ${probeName}`);
  const context = await browser.newContext({ viewport: { width: gapConditions.width, height: gapConditions.height }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    // A form sent without JavaScript would leave the page: the last listener of the event (on window, after
    // React's on the document) cancels the browser's own submission. It changes nothing for React.
    await context.addInitScript(() => window.addEventListener('submit', (event) => event.preventDefault()));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: gapConditions.rttMs, downloadThroughput: gapConditions.downBps, uploadThroughput: gapConditions.upBps });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: gapConditions.cpu });
    await page.goto(url, { waitUntil: 'commit' });
    const deadline = Date.now() + timeoutMs;
    let handler = 0;
    while (Date.now() < deadline) {
      const worked = await probe.attempt(page).catch(() => false);
      if (worked) {
        handler = await now(page);
        break;
      }
      await probe.undo(page).catch(() => undefined);
    }
    const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
    return { paint, handler, gap: handler && paint ? handler - paint : 0 };
  } finally {
    await context.close();
  }
}

const medianOf = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Medians of runs cold loads: paint, handler and gap each (a run without a working handler counts 0). */
export async function measureGap(browser, url, probeName, runs = 5) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await measureOnce(browser, url, probeName));
  return {
    paint: medianOf(results.map((r) => r.paint)),
    handler: medianOf(results.map((r) => r.handler)),
    gap: medianOf(results.map((r) => r.gap)),
    runs: results,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, probeName, runs = '5'] = process.argv.slice(2);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const r = await measureGap(browser, url, probeName, Number(runs));
    for (const run of r.runs) console.log(`paint ${run.paint.toFixed(0)} ms, handler ${run.handler.toFixed(0)} ms, gap ${run.gap.toFixed(0)} ms`);
    console.log(`median: paint ${(r.paint / 1000).toFixed(2)} s, handler ${(r.handler / 1000).toFixed(2)} s, gap ${(r.gap / 1000).toFixed(2)} s`);
  } finally {
    await browser.close();
  }
}
