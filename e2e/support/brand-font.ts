// Which fonts Chromium really drew the h1 and the body text with (CDP CSS.getPlatformFontsForNode), on throttled, uncached loads.
import type { Browser, CDPSession, Page } from '@playwright/test';
import { REACT_FIBER_PREFIX } from '../../lib/next-adapter/hydration.ts';

/**
 * The throttled visitor of issue 49: 4× slower CPU, 1.6 Mbps down, 750 kbps up, 150 ms round trip,
 * browser cache off. Under `font-display: optional` Inter missed Chromium's short block period on such a
 * load about one time in three and the page stayed in the fallback for good; with `swap` the text must
 * end in Inter on every load, soft navigations and edition switches included.
 */
export const THROTTLE = { cpuRate: 4, latencyMs: 150, downloadBytesPerSecond: 1_600_000 / 8, uploadBytesPerSecond: 750_000 / 8 } as const;

/** One way a visitor reaches a page: a first visit, a cookie choice, an edition switch. */
export type FontCase = { name: string; path: string; consent: boolean; act?: (page: Page) => Promise<void> };

/** A message of messages/<lang>.json by dotted key (the caller reads the catalogues). */
type Message = (lang: 'lv' | 'ru', key: string) => string;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The five cases of the "Done when": first visits in three editions, a cookie choice, an edition switch. */
export function fontCases(message: Message): FontCase[] {
  const banner = (page: Page) => page.getByRole('region', { name: message('ru', 'Consent.label') });
  return [
    { name: 'first visit lv-lv', path: '/lv-lv', consent: false },
    { name: 'first visit ee-ru', path: '/ee-ru', consent: false },
    { name: 'first visit cy-el', path: '/cy-el', consent: false },
    {
      name: 'after a cookie choice (ee-ru)',
      path: '/ee-ru',
      consent: false,
      act: async (page) => {
        await banner(page).getByRole('button', { name: message('ru', 'Consent.accept') }).click();
        await banner(page).waitFor({ state: 'hidden' });
      },
    },
    {
      name: 'after an edition switch (lv-lv to lv-ru)',
      path: '/lv-lv',
      consent: true,
      act: async (page) => {
        const trigger = new RegExp(`^[A-Z]{2} · [A-Z]{2}, ${escape(message('lv', 'Chooser.trigger').split('{')[0]!)}`);
        await page.getByRole('button', { name: trigger }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('radio', { name: 'Русский' }).check();
        await dialog.getByRole('button', { name: message('lv', 'Chooser.apply') }).click();
        await page.waitForURL(/\/lv-ru$/, { timeout: 60_000 });
        await page.getByRole('heading', { level: 1, name: message('ru', 'Home.heroTitle') }).waitFor({ timeout: 60_000 });
      },
    },
  ];
}

/** The font families Chromium drew the direct text of `selector`'s first match with (an empty list if none). */
async function platformFonts(cdp: CDPSession, selector: string): Promise<{ familyName: string; isCustomFont: boolean; glyphCount: number }[]> {
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  if (!nodeId) return [];
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return fonts;
}

/**
 * Marks the h1 and the first paragraph or list item of main that hold text of their own, which CDP reports
 * fonts for. A string, not a function: tsx (the check script) would wrap named functions in a helper the
 * page does not have.
 */
const MARK_PROBES = `(() => {
  const ownText = (el) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent || '').trim().length > 1);
  document.querySelectorAll('[data-font-probe]').forEach((el) => el.removeAttribute('data-font-probe'));
  const h1 = [document.querySelector('h1'), ...document.querySelectorAll('h1 *')].filter(Boolean).find(ownText);
  const body = [...document.querySelectorAll('main p, main li')].find(ownText);
  if (h1) h1.setAttribute('data-font-probe', 'h1');
  if (body) body.setAttribute('data-font-probe', 'body');
})()`;

/** Two frames so that text just rendered has asked for its fonts, then every pending font load. */
const FONTS_SETTLED = 'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))).then(() => document.fonts.ready).then(() => true)';
const HYDRATED = `Object.keys(document.body || {}).some((key) => key.startsWith(${JSON.stringify(REACT_FIBER_PREFIX)}))`;

export type FontLoad = { case: string; h1: string[]; body: string[]; ok: boolean; ms: number };

/** A family list is the brand's when every run of text was drawn with the web font Inter (never its fallback). */
const allInter = (fonts: { familyName: string; isCustomFont: boolean }[]) => fonts.length > 0 && fonts.every((f) => f.isCustomFont && /^Inter\b/.test(f.familyName) && !/fallback/i.test(f.familyName));

/** One throttled load of a case in a fresh context (no cache, no cookies but the consent answer when `consent`). */
export async function measureLoad(browser: Browser, baseURL: string, fontCase: FontCase, { viewport = { width: 1280, height: 800 }, display }: { viewport?: { width: number; height: number }; display?: string } = {}): Promise<FontLoad> {
  const started = Date.now();
  const host = new URL(baseURL).hostname;
  const context = await browser.newContext({ baseURL, viewport });
  if (fontCase.consent) await context.addCookies([{ name: 'GDPR_ACCEPT', value: 'false', domain: host, path: '/' }]);
  // Only the site is asked: accepting the banner loads the tag manager (the suite's server has an id), and
  // this machine cannot reach Google; unanswered, that load kept the cookie-choice case waiting for minutes.
  await context.route((url) => url.hostname !== host, (route) => route.fulfill({ status: 204, body: '' }));
  // The control (check:fonts -- --display optional): the site's stylesheet with another font-display, to
  // show that the check catches a strategy that gives up (the stylesheet itself then comes unthrottled).
  if (display) {
    await context.route(/\/_next\/static\/.+\.css$/, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replaceAll(/font-display:\s*swap/g, `font-display:${display}`) });
    });
  }
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: THROTTLE.latencyMs, downloadThroughput: THROTTLE.downloadBytesPerSecond, uploadThroughput: THROTTLE.uploadBytesPerSecond });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpuRate });
    await page.goto(fontCase.path, { waitUntil: 'load', timeout: 90_000 });
    if (fontCase.act) {
      // A click before hydration would take the no-JavaScript path: wait for React first.
      // Polled from here: waitForFunction with a string is an eval, which the page's CSP refuses.
      for (let waited = 0; !(await page.evaluate(HYDRATED)); waited += 100) {
        if (waited > 60_000) throw new Error(`not hydrated within 60 s: ${page.url()}`);
        await page.waitForTimeout(100);
      }
      await fontCase.act(page);
    }
    await page.evaluate(FONTS_SETTLED);
    await page.evaluate(MARK_PROBES);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const h1 = await platformFonts(cdp, '[data-font-probe="h1"]');
    const body = await platformFonts(cdp, '[data-font-probe="body"]');
    return { case: fontCase.name, h1: h1.map((f) => f.familyName), body: body.map((f) => f.familyName), ok: allInter(h1) && allInter(body), ms: Date.now() - started };
  } finally {
    await context.close();
  }
}
