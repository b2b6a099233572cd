// Nothing a visitor does before the scripts run is undone when they do (issue 38, item 1). On a slow phone
// the page answers natively for seconds before React hydrates; each test holds the page's scripts back
// (a deterministic window before hydration), acts in it as a visitor would, lets the scripts go, and
// checks the state after React took over, on a phone with the CPU slowed 4× and a slow network.
// Not the fixture's page: its goto waits for hydration, which is what these tests hold back.
import { expect, test, type Page, type Route } from '@playwright/test';
import { localContent } from '@/lib/content/local';
import { REACT_FIBER_PREFIX } from '@/lib/next-adapter/hydration.ts';
import { chooserButton, message } from './helpers';

/** Issue 38's phone: CPU 4× slower, 1.6 Mbps down, 150 ms round trip. */
async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Opens path with its JavaScript held back; returns the function that lets it run. */
async function openBeforeScripts(page: Page, path: string) {
  await slowPhone(page);
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/_next\/static\/.+\.js(\?.*)?$/, (route) => (holding ? void held.push(route) : route.fallback()));
  // Not 'load': the held scripts' preloads would hold the load event back (lib/http/late-scripts.ts
  // requests them at the first paint, or earlier on a page that is slow to paint).
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  // The page has asked for its scripts (the loader inserts them only after the first paint): no React on
  // it yet.
  await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(await reactOn(page, 'body')).toBe(false);
  return async () => {
    holding = false;
    for (const route of held.splice(0)) await route.fallback();
    // React has hydrated the page (its nodes carry fibers) and run the effects of that commit.
    await expect.poll(() => reactOn(page, 'main'), { timeout: 30_000 }).toBe(true);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
  };
}

const reactOn = (page: Page, selector: string) =>
  page.evaluate(([s, prefix]) => Object.keys(document.querySelector(s) ?? {}).some((key) => key.startsWith(prefix)), [selector, REACT_FIBER_PREFIX] as const);

for (const { prefix, lang, other, companyPrefix } of [
  // The company page of each run is in a Cypriot edition: the companies are all in Cyprus, served in its editions only.
  { prefix: 'lv-lv', lang: 'lv', other: { country: 'ee', prefix: 'ee-et' }, companyPrefix: 'cy-ru' },
  { prefix: 'cy-el', lang: 'el', other: { country: 'lv', prefix: 'lv-lv' }, companyPrefix: 'cy-el' },
] as const) {
  test.describe(`${prefix}: what a visitor did before hydration stays`, () => {
    test(`a chosen service, typed text and focus on the company page (${companyPrefix}); the total follows the choice`, async ({ page }) => {
      const release = await openBeforeScripts(page, `/${companyPrefix}/companies/bluenet`);
      const choice = page.locator('input[name="choice"]').nth(1);
      await choice.check();
      await page.locator('#pay-name').fill('Anna Bērziņa');
      await page.locator('#pay-email').focus();
      await page.keyboard.type('anna@example.com');
      await release();

      await expect(choice).toBeChecked();
      // The island's own work: the total of the chosen option, computed in the browser.
      await expect(page.locator('form [aria-live="polite"] dl')).toBeVisible();
      await expect(page.locator('#pay-name')).toHaveValue('Anna Bērziņa');
      await expect(page.locator('#pay-email')).toHaveValue('anna@example.com');
      await expect(page.locator('#pay-email')).toBeFocused();
    });

    test('the phone menu opened natively stays open, and its island knows it', async ({ page }) => {
      const release = await openBeforeScripts(page, `/${prefix}`);
      const button = page.getByRole('button', { name: message(lang, 'Nav.menu'), exact: true });
      await button.tap();
      await expect(page.locator('#mobile-menu')).toBeVisible();
      await release();
      await expect(button).toHaveAttribute('data-open', 'true');
      await expect(page.locator('#mobile-menu')).toBeVisible();
    });

    test('the scroll position, and the edition chooser open with the country chosen in it; Apply then works', async ({ page }) => {
      const release = await openBeforeScripts(page, `/${prefix}/faq`);
      await page.evaluate(() => window.scrollTo(0, 600));
      await chooserButton(page, lang).tap();
      const dialog = page.locator('#edition-chooser');
      await expect(dialog).toBeVisible();
      await dialog.locator(`input[name="country"][value="${other.country}"]`).check();
      // Where the page is once the tap brought the header's button into view.
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(100);
      await release();
      await expect(dialog).toBeVisible();
      await expect(dialog.locator(`input[name="country"][value="${other.country}"]`)).toBeChecked();
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
      await dialog.locator('button[type="submit"]').tap();
      await expect(page).toHaveURL(new RegExp(`/${other.prefix}/faq$`));
    });

    test('typed text, a ticked box and focus in a form; Send then shows the errors of what is missing only', async ({ page }) => {
      const vacancy = localContent(lang).vacancies[0]!;
      const release = await openBeforeScripts(page, `/${prefix}/careers/${vacancy.slug}`);
      await page.locator('#job-application-name').fill('Anna Bērziņa');
      await page.locator('#job-application-keep').check();
      await page.locator('#job-application-message').focus();
      await page.keyboard.type('Ξεκινώ αμέσως.');
      await release();

      await expect(page.locator('#job-application-name')).toHaveValue('Anna Bērziņa');
      await expect(page.locator('#job-application-keep')).toBeChecked();
      await expect(page.locator('#job-application-message')).toHaveValue('Ξεκινώ αμέσως.');
      await expect(page.locator('#job-application-message')).toBeFocused();
      // Checked in the browser (the JavaScript path: no page load): the name counts as given.
      await page.locator('main form button[type="submit"]').tap();
      const summary = page.locator('main form [role="alert"]');
      await expect(summary).toBeVisible();
      await expect(summary.getByRole('link', { name: new RegExp(`^${message(lang, 'Forms.email')}`) })).toBeVisible();
      await expect(summary.getByRole('link', { name: new RegExp(`^${message(lang, 'Forms.name')}`) })).toHaveCount(0);
      await expect(page.locator('#job-application-keep')).toBeChecked();
    });

    test('a query typed in the guide search', async ({ page }) => {
      const release = await openBeforeScripts(page, `/${prefix}/guides`);
      const box = page.getByRole('searchbox', { name: message(lang, 'Guides.searchLabel') });
      await box.fill('zzzqqq');
      await release();

      await expect(box).toHaveValue('zzzqqq');
      // The island searched what was typed, in place (the address says so without a page load).
      await expect(page.getByText(message(lang, 'Guides.noResultsHelp'))).toBeVisible();
      await expect(page).toHaveURL(/\?q=zzzqqq$/);
    });
  });
}
