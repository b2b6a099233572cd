// The reflow sweep (WCAG 1.4.10, issue 49): which pages are wider than a 320 or 360 px screen, and which elements push them.
import type { Browser, Page } from '@playwright/test';
import { editions } from '../../lib/i18n/editions.ts';

/** Every URL the sitemap lists (following a sitemap index), as paths. */
export async function sitemapPaths(baseURL: string): Promise<string[]> {
  const locs = async (url: string) => [...(await (await fetch(url)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const paths: string[] = [];
  for (const loc of await locs(`${baseURL}/sitemap.xml`)) {
    const local = `${baseURL}${new URL(loc).pathname}`;
    if (/\.xml$/.test(loc)) paths.push(...(await locs(local)).map((l) => new URL(l).pathname));
    else paths.push(new URL(loc).pathname);
  }
  return [...new Set(paths)];
}

/**
 * Runs in the page (a string: tsx, which runs the script, would wrap named functions in a helper the page
 * lacks). Draws every section (content-visibility: auto leaves off-screen ones unlaid) and opens every
 * <details>, then reports the page's width against the screen's and the deepest elements past its right
 * edge that no scroll container of their own holds.
 */
const MEASURE = `(() => {
  document.querySelectorAll('main > section').forEach((s) => { s.style.contentVisibility = 'visible'; });
  document.querySelectorAll('details').forEach((d) => { d.open = true; });
  const root = document.documentElement;
  const screen = root.clientWidth;
  const width = root.scrollWidth;
  const culprits = [];
  if (width > screen) {
    const clipped = (el) => { for (let p = el.parentElement; p; p = p.parentElement) { const o = getComputedStyle(p).overflowX; if (o !== 'visible' && p !== document.body && p !== root) return true; } return false; };
    for (const el of document.body.querySelectorAll('*')) {
      const rect = el.getBoundingClientRect();
      if (rect.right <= screen + 0.5 || rect.width === 0 || getComputedStyle(el).position === 'fixed' || clipped(el)) continue;
      if ([...el.children].some((c) => c.getBoundingClientRect().right > screen + 0.5)) continue;
      culprits.push(el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : '') + ' "' + (el.textContent || '').trim().slice(0, 40) + '" +' + Math.round(rect.right - screen) + 'px');
      if (culprits.length >= 3) break;
    }
  }
  return { screen, width, culprits };
})()`;

/** A page's width at a screen width; `error` when the page could not be reached (it counts as a failure). */
export type Reflow = { path: string; width: number; pageWidth: number; culprits: string[]; error?: string };

/** How wide a loaded page is at the current viewport: overflow in px (0 when it fits) and what pushes it. */
export async function measureReflow(page: Page, path: string): Promise<Reflow> {
  const result = (await page.evaluate(MEASURE)) as { screen: number; width: number; culprits: string[] };
  return { path, width: result.screen, pageWidth: result.width, culprits: result.culprits };
}

/** The HTML of a refused post (413, in the edition's language), shown at the form's address. */
async function showRefusal(page: Page, baseURL: string, path: string): Promise<void> {
  const response = await page.request.post(`${baseURL}${path}`, { headers: { 'content-type': 'application/octet-stream' }, data: Buffer.alloc(7 * 1024 * 1024, 1), failOnStatusCode: false });
  const html = await response.text();
  await page.route(`${baseURL}${path}`, (route) => route.fulfill({ status: response.status(), contentType: 'text/html; charset=utf-8', body: html }), { times: 1 });
  await page.goto(`${baseURL}${path}`);
}

/**
 * The pages the sitemap does not list, in an edition: form success, 404, the unavailable page, the refusal
 * page; and a payment's checkout, the provider's page and the receipt (the paid checkout), reached by paying a company of the
 * edition's sitemap with the test provider's card. Each is visited, measured by `visit`, then left.
 */
export async function unlistedPages(page: Page, baseURL: string, prefix: string, companies: string[], visit: (path: string) => Promise<void>): Promise<void> {
  for (const path of [`/${prefix}/form-success`, `/${prefix}/no-such-page`, `/${prefix}/unavailable`]) {
    await page.goto(`${baseURL}${path}`);
    await visit(path);
  }
  await showRefusal(page, baseURL, `/${prefix}/ask-question`);
  await visit(`/${prefix}/ask-question (413 refusal)`);
  // The first company with a fixed price (a free amount would need a sum typed in).
  const fixed = page.locator('input[name="choice"]:not([disabled]):not([id$="-free"])');
  let found = false;
  for (const company of companies) {
    await page.goto(`${baseURL}${company}`);
    if ((found = (await fixed.count()) > 0)) break;
  }
  if (!found) throw new Error(`no company of ${prefix} has a fixed price to pay`);
  await fixed.first().check();
  await page.locator('#pay-name').fill('Reflow Sweep');
  await page.locator('#pay-email').fill('sweep@example.com');
  const reference = page.locator('#pay-reference');
  if (await reference.count()) await reference.fill(`sweep-${Date.now().toString(36)}`);
  // The payment form's own button (the consent banner's buttons are in forms too).
  await page.locator('form:has(input[name="choice"]) button[type="submit"]').click();
  await page.waitForURL(/\/checkout\/[0-9a-f-]{36}/, { timeout: 30_000 });
  const checkout = new URL(page.url()).pathname;
  await visit(`${checkout} (checkout)`);
  await page.locator('form[action="/api/payments/pay"] button[type="submit"]').click();
  await page.waitForURL(/\/(test-provider|pay)\/cs_test_[0-9a-f]{32}/, { timeout: 30_000 });
  await visit(`${new URL(page.url()).pathname} (provider)`);
  await page.locator('#name').fill('Reflow Sweep');
  await page.locator('#number').fill('4242 4242 4242 4242');
  await page.locator('#expiry').fill('12/30');
  await page.locator('#cvc').fill('123');
  await page.locator('button.pay').click();
  await page.waitForURL(/\/checkout\/[0-9a-f-]{36}/, { timeout: 30_000 });
  // The paid checkout is the receipt page (its /receipt address is the PDF).
  await visit(`${new URL(page.url()).pathname} (receipt)`);
}

/**
 * Sweeps `paths` (and, with `unlisted`, each of those editions' unlisted pages, paying a company of the
 * edition found in `companies`) at each width, `workers` pages at once.
 */
export async function sweep(browser: Browser, baseURL: string, { paths, widths, workers = 2, unlisted = [] as string[], companies = paths, onResult }: { paths: string[]; widths: number[]; workers?: number; unlisted?: string[]; companies?: string[]; onResult?: (r: Reflow) => void }): Promise<Reflow[]> {
  const results: Reflow[] = [];
  const record = (r: Reflow) => {
    results.push(r);
    onResult?.(r);
  };
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: 740 }, isMobile: true, hasTouch: true });
    const queue = [...paths];
    await Promise.all(
      Array.from({ length: workers }, async () => {
        const page = await context.newPage();
        for (let path = queue.shift(); path; path = queue.shift()) {
          await page.goto(`${baseURL}${path}`, { waitUntil: 'load' });
          record(await measureReflow(page, path));
        }
        await page.close();
      }),
    );
    for (const prefix of unlisted) {
      const page = await context.newPage();
      const ofEdition = companies.filter((p) => p.startsWith(`/${prefix}/companies/`));
      await unlistedPages(page, baseURL, prefix, ofEdition, async (path) => record(await measureReflow(page, path))).catch((error: Error) =>
        record({ path: `/${prefix}/ (unlisted pages, at ${page.url()})`, width, pageWidth: 0, culprits: [], error: error.message.split('\n')[0] }),
      );
      await page.close();
    }
    await context.close();
  }
  return results;
}

/** Every edition's prefix, for a sweep of all of them. */
export const allPrefixes = editions.map((e) => e.prefix);
