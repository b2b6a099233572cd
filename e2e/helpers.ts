import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { editions, type Language } from '@/lib/i18n/editions';
import { REACT_FIBER_PREFIX } from '@/lib/next-adapter/hydration.ts';

export { editions };

type Tree = { [key: string]: string | Tree };
const cache = new Map<string, Tree>();

/** A message from messages/<lang>.json, by dotted key: what the page must show. */
export function message(lang: Language, key: string): string {
  if (!cache.has(lang)) {
    cache.set(lang, JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'messages', `${lang}.json`), 'utf8')));
  }
  const value = key.split('.').reduce<string | Tree | undefined>((node, k) => (typeof node === 'object' ? node[k] : undefined), cache.get(lang));
  if (typeof value !== 'string') throw new Error(`No message ${lang}:${key}`);
  return value;
}

/** Collects CSP violations and uncaught page errors from the moment it is called. */
export async function watchProblems(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) problems.push(`csp: ${msg.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Refused to load: CSP violation of ${e.violatedDirective} by ${e.blockedURI}`);
    });
  });
  return problems;
}

export async function expectNoAxeViolations(page: Page) {
  // After a client-side navigation Next puts the new <title> in a moment after the URL changes.
  await expect(page).toHaveTitle(/\S/);
  // From the top of the page: further down, the sticky header covers whatever scrolled under it, and axe's
  // target-size counts a control half under it as too small (a radio of a long form after its last field
  // was filled), though the visitor scrolls it into view.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  // The page may still be scrolling smoothly after the last fill or tap (scroll-behavior: smooth); axe's
  // size and spacing checks (target-size) read element boxes one by one, so they must not move meanwhile.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = Number.NaN;
        let still = 0;
        const tick = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 3) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
  // All of axe's rules for WCAG 2.0–2.2 A and AA and its best practices, the experimental ones included
  // (label-content-name-mismatch, p-as-heading, ...), which a default run leaves off. Every node of every
  // violation is reported; of the passes and the rules axe could not decide only one node each
  // (`resultTypes`), which nothing here reads (`options` replaces what `withTags` set: it comes first).
  // Legacy mode runs axe in the page itself: the default opens a blank page of the context to merge the
  // frames' results, which took 2-3 s of each 3 s run (0.8-1.1 s now, the same results; the pages have
  // no frame of another origin).
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag2aaa', 'wcag21a', 'wcag21aa', 'wcag21aaa', 'wcag22a', 'wcag22aa', 'wcag22aaa', 'best-practice', 'experimental'])
    .setLegacyMode(true)
    .analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

/** The edition chooser's trigger: its accessible name is the visible short edition, then the Chooser.trigger text. */
/**
 * Waits until React has hydrated the element (it attaches its fiber to the node): a click before that
 * is the browser's own form post, the no-JavaScript path, and a test of the JavaScript path would then
 * race the page's scripts.
 */
export async function hydrated(page: Page, selector: string) {
  await page.waitForFunction(
    ([css, prefix]) => {
      const node = document.querySelector(css);
      return Boolean(node && Object.keys(node).some((key) => key.startsWith(prefix)));
    },
    [selector, REACT_FIBER_PREFIX] as const,
  );
}

export function chooserButton(page: Page, lang: Language) {
  const text = message(lang, 'Chooser.trigger').split('{')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByRole('button', { name: new RegExp(`^[A-Z]{2} · [A-Z]{2}, ${text}`) });
}

/** Fills the card fields of the test provider's payment page (lib/payments/test-provider/page.ts) as a payer types them. */
export async function fillCard(page: Page, number: string, { expiry = '12/30', cvc = '123' } = {}) {
  await page.locator('#name').fill('Test Payer');
  await page.locator('#number').fill(number);
  await page.locator('#expiry').fill(expiry);
  await page.locator('#cvc').fill(cvc);
}

/**
 * The site's checkout: Pay (its text starts with the message's words before `{amount}`) leads to the
 * provider's page: the sandbox's on its own origin (e2e/support/servers.ts), or the embedded one's
 * /test-provider/ on the site.
 */
export async function toProvider(page: Page, lang: Language) {
  await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(message(lang, 'Payments.checkout.pay').split('{')[0]!)}`) }).first().click();
  // Without JavaScript the company form's #pay-errors fragment rides along the redirects.
  await expect(page).toHaveURL(/\/(test-provider|pay)\/cs_test_[0-9a-f]{32}(#pay-errors)?$/);
}

/** On the provider's page: a card, then its Pay button. */
export async function payOnProvider(page: Page, lang: Language, number: string, options: { expiry?: string; cvc?: string } = {}) {
  await fillCard(page, number, options);
  await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(message(lang, 'TestProvider.pay').split('{')[0]!)}`) }).click();
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The words in `locator`'s elements that are cut in two across lines at a letter, not where their text
 * allows a break (a space, a hyphen, a dash, a slash, a soft hyphen or a `<wbr>`): on a phone a word
 * too long for its box is otherwise broken at whatever letter the line ends on.
 */
export async function wordsCutInTwo(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const cut: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const piece of node.textContent!.matchAll(/[^\s\u00ad\-\u2013\u2014/]+/g)) {
          // The line of each letter (its last box: a letter after a soft hyphen also reports the hyphen's).
          const lines = new Set(
            Array.from({ length: piece[0].length }, (_, offset) => {
              const range = document.createRange();
              range.setStart(node, piece.index + offset);
              range.setEnd(node, piece.index + offset + 1);
              return Math.round([...range.getClientRects()].at(-1)?.top ?? 0);
            }),
          );
          if (lines.size > 1) cut.push(piece[0]);
        }
      }
      return cut;
    }),
  );
}

/**
 * The whole sitemap's text as one document: /sitemap.xml is an index (lib/seo/sitemap.ts), so each of its
 * files is fetched and their texts joined; `get` fetches a path of the site (a request context or fetch).
 */
export async function sitemapText(get: (path: string) => Promise<string>): Promise<string> {
  const index = await get('/sitemap.xml');
  const files = [...index.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1]!);
  return (await Promise.all(files.map(get))).join('\n');
}
