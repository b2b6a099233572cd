// How long a slow phone waits between a page's first paint and its first working JavaScript handler.
// Found by acting, as a visitor would: from the moment the page is committed, a probe taps a control over
// and over and checks an effect that only the page's JavaScript produces; the moment that effect first
// shows (noted in the page) gives the time. Conditions of issue 38, in Debian's Chromium through CDP: 360 px, CPU slowed 4×,
// 1.6 Mbps down, 750 kbps up, 150 ms round trip, HTTP cache off; a fresh browser context (no cookies: a
// first visit) per load.
//   node scripts/perf/interactive-gap.mjs URL probe [runs]     probe: menu | service | form | counter
// Used by bench-web.mjs (section "Paint → first working handler").
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium.mjs';

export const gapConditions = { width: 360, height: 640, cpu: 4, downBps: 1_600_000 / 8, upBps: 750_000 / 8, rttMs: 150 };

/**
 * Each probe: the control a visitor taps (`target`, a selector), the effect only the page's JavaScript
 * gives (`effect`, a function run in the page: true once it shows),
 * and what undoes the tap's native effect when JavaScript did not answer (`undo`, where there is one).
 */
export const probes = {
  // The phone menu: with JavaScript its button marks the menu open (data-open); the invoker command
  // alone opens the dialog without it. Escape closes a menu opened natively.
  menu: {
    target: 'button[command="show-modal"][commandfor="mobile-menu"]',
    effect: () => !!document.querySelector('button[command="show-modal"][commandfor="mobile-menu"][data-open="true"]'),
    async undo(page) {
      await page.keyboard.press('Escape');
    },
  },
  // A company page: tap a priced service, the total appears (computed in the browser; a free amount
  // shows none before an amount is typed, so that choice is not tapped).
  service: {
    target: 'input[name="choice"]:not([value$="/free"])',
    effect: () => !!document.querySelector('form [aria-live="polite"] dl'),
  },
  // A form page: Send on the empty form shows the error summary without a request (react-hook-form with
  // the form's schema). Without JavaScript the browser would post the form: a listener added to the page
  // (below) cancels that, after React's own handler, and the page stays as it was.
  form: {
    target: 'main form button[type="submit"]',
    effect: () => !!document.querySelector('main form [role="alert"]'),
  },
  // The bare app's page (../shared/bench, /lv-lv): its counter counts a tap.
  counter: {
    target: 'button',
    effect: () => {
      const count = document.querySelector('[data-testid="count"]');
      if (!count) return false;
      window.__probeCountBefore ??= count.textContent;
      return count.textContent !== window.__probeCountBefore;
    },
  },
};

/**
 * In the page, from its first script on: the moment the probe's effect first shows (page clock), noted by
 * a MutationObserver on the whole document, so it is the moment the page's JavaScript gave it, not that
 * of the probe's next look (a round trip through a 4x-slowed main thread).
 */
function watchEffect(effect) {
  const look = () => {
    if (window.__probeEffectAt || !effect()) return;
    window.__probeEffectAt = performance.now();
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  document.addEventListener('DOMContentLoaded', look);
}

/**
 * Whether the effect has shown within a moment of a tap (a handler's render or a toggle event is not
 * synchronous; taps closer together than that turned into a double tap on the phone).
 */
const effectShown = (page) =>
  page
    .waitForFunction(() => window.__probeEffectAt, null, { timeout: 150, polling: 10 })
    .then(() => true, () => false);

/**
 * One cold load of url: { paint, handler, gap } in ms since navigation start: the first contentful
 * paint, and the moment the effect of a tap first showed.
 *
 * The taps: once the control is painted, it is scrolled into view once, and then tapped at its centre
 * again and again (a touch at that point through CDP, as a finger would: no actionability checks
 * between taps, which at CPU 4x spaced them 0.35-0.75 s apart and made the figure as coarse), each
 * followed by up to 150 ms for the effect and the probe's undo, where it has one. A tap waits for the
 * main thread as a finger's would: during a long task the next one comes after it.
 */
export async function measureOnce(browser, url, probeName, { timeoutMs = 30_000 } = {}) {
  const probe = probes[probeName];
  if (!probe) throw new Error(`no probe ${probeName}`);
  const context = await browser.newContext({ viewport: { width: gapConditions.width, height: gapConditions.height }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    // A form sent without JavaScript would leave the page: the last listener of the event (on window, after
    // React's on the document) cancels the browser's own submission. It changes nothing for React.
    await context.addInitScript(() => window.addEventListener('submit', (event) => event.preventDefault()));
    await context.addInitScript(`(${watchEffect})(${probe.effect})`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: gapConditions.rttMs, downloadThroughput: gapConditions.downBps, uploadThroughput: gapConditions.upBps });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: gapConditions.cpu });
    await page.goto(url, { waitUntil: 'commit' });
    const deadline = Date.now() + timeoutMs;
    const target = page.locator(probe.target).first();
    // Scrolled to once it is painted, as a visitor would (Playwright's scrolling waits for two equal
    // animation frames, which the page's long tasks held back by a second or more).
    await target.waitFor({ state: 'visible', timeout: timeoutMs });
    await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    let handler = 0;
    while (Date.now() < deadline) {
      const box = await target.boundingBox().catch(() => null);
      if (box) {
        await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
        if (await effectShown(page)) {
          handler = await page.evaluate(() => window.__probeEffectAt);
          break;
        }
        await probe.undo?.(page).catch(() => undefined);
      }
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
