// Where navigation lands and what small screens show (issue 38, items 3 and 4), measured in the browser.
import { expect, test, type Page } from './fixtures';
import { chooserButton, message } from './helpers';

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
/** The element that has focus: its tag and text, to compare with the page's main heading. */
const focused = (page: Page) => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim()}`);
const mainHeading = (page: Page) => page.evaluate(() => `H1 ${document.querySelector('main h1')?.textContent?.trim()}`);

async function switchEdition(page: Page, lang: 'lv' | 'el', country: string, language: string) {
  await chooserButton(page, lang).click();
  const dialog = page.locator('#edition-chooser');
  await dialog.locator(`input[name="country"][value="${country}"]`).check();
  await dialog.locator(`input[name="language"][value="${language}"]`).check();
  await dialog.locator('button[type="submit"]').click();
}

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

  for (const { from, to, lang, country, language } of [
    { from: '/lv-lv', to: '/ee-et', lang: 'lv', country: 'ee', language: 'et' },
    { from: '/cy-el/faq', to: '/lv-ru/faq', lang: 'el', country: 'lv', language: 'ru' },
  ] as const) {
    test(`switching edition from ${from} opens the new page at its top, with focus on its main heading`, async ({ page }) => {
      await page.goto(from);
      await page.evaluate(() => window.scrollTo(0, 1200));
      await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
      await switchEdition(page, lang, country, language);
      await expect(page).toHaveURL(new RegExp(`${to}$`), { timeout: 15_000 });
      await expect.poll(() => focused(page)).toBe(await mainHeading(page));
      expect(await scrollY(page)).toBe(0);
    });
  }
});

test('in-page links never start the progress bar: an error summary', async ({ page }) => {
  await page.goto('/lv-lv/ask-question');
  await page.locator('main form button[type="submit"]').click();
  const summaryLink = page.locator('main form [role="alert"] a').first();
  await summaryLink.click();
  await expect(page.locator('#ask-question-name')).toBeFocused();
  // The bar would start 200 ms after the jump; nothing may have started it a second later.
  await page.waitForTimeout(1000);
  await expect(page.locator('#nprogress')).toHaveCount(0);
});

test('in-page links never start the progress bar: FAQ sections and the skip link', async ({ page }) => {
  await page.goto('/cy-el/faq');
  await page.locator('main a[href^="#"]').first().click();
  await expect(page).toHaveURL(/#/);
  await page.locator('main a[href^="#"]').nth(1).click();
  await page.keyboard.press('Home');
  await page.locator('a.skip-link').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  await page.waitForTimeout(1000);
  await expect(page.locator('#nprogress')).toHaveCount(0);
});

for (const motion of ['no-preference', 'reduce'] as const) {
  test(`no smooth scrolling (prefers-reduced-motion: ${motion}): an in-page jump is done at once`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: motion });
    await page.goto('/lv-lv/faq');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
    const last = page.locator('main a[href^="#"]').last();
    await last.click();
    // Read in the same frame as the click: a smooth scroll would still be on its way.
    const [now, later] = await page.evaluate(async () => {
      const first = window.scrollY;
      await new Promise((resolve) => setTimeout(resolve, 600));
      return [first, window.scrollY];
    });
    expect(now).toBeGreaterThan(0);
    expect(later).toBe(now);
  });
}

test('after a form is sent, focus is on the heading of its result', async ({ page }) => {
  // A result on another page (ask a question → /form-success)…
  await page.goto('/lv-en/ask-question');
  await page.locator('#ask-question-name').fill('Anna Ozola');
  await page.locator('#ask-question-email').fill('anna.landing@example.com');
  await page.locator('#ask-question-message').fill('When does my bill for November arrive?');
  await page.locator('main form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/lv-en\/form-success$/);
  await expect.poll(() => focused(page)).toBe(await mainHeading(page));
  expect(await scrollY(page)).toBe(0);

  // …and in place (business start: the thanks replace the form).
  await page.goto('/cy-el/business-start-form');
  await page.locator('#business-start-name').fill('Ανδρέας Νικολάου');
  await page.locator('#business-start-email').fill('andreas.landing@example.com');
  await page.locator('#business-start-phone').fill('+357 22 123456');
  await page.locator('#business-start-company').fill('Νικολάου ΛΤΔ');
  await page.locator('main form button[type="submit"]').click();
  const thanks = page.getByRole('status').getByRole('heading');
  await expect(thanks).toBeFocused();
});

test.describe('small screens', () => {
  for (const viewport of [
    { width: 320, height: 568 },
    { width: 640, height: 360 },
  ]) {
    test(`the chooser's Apply is on screen without scrolling at ${viewport.width}×${viewport.height}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/cy-el');
      await chooserButton(page, 'el').click();
      const apply = page.locator('#edition-chooser button[type="submit"]');
      await expect(apply).toBeVisible();
      const box = (await apply.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      // And it applies: the dialog's own scroll did not have to move.
      await apply.click();
      await expect(page).toHaveURL(/\/cy-el$/);
    });
  }

  test.describe('a first visit at 360×640', () => {
    test.use({ storageState: { cookies: [], origins: [] }, viewport: { width: 360, height: 640 } });
    for (const prefix of ['lv-lv', 'lv-en', 'lv-ru', 'ee-et', 'cy-el']) {
      test(`${prefix}: the consent banner takes at most a third of the screen; the heading and the main call to action show whole beneath it`, async ({ page }) => {
        await page.goto(`/${prefix}`);
        const banner = page.locator('section[aria-label]').filter({ has: page.locator('form[action="/api/consent"]') });
        await expect(banner).toBeVisible();
        const box = (await banner.boundingBox())!;
        expect(box.height).toBeLessThanOrEqual(640 / 3);
        // Neither covered by the banner (wherever it sits) nor pushed below the first screen (issue 49).
        const covered = (b: { y: number; height: number }) => b.y < box.y + box.height && b.y + b.height > box.y;
        const heading = (await page.locator('main h1').boundingBox())!;
        expect(heading.y).toBeGreaterThanOrEqual(0);
        expect(heading.y + Math.min(heading.height, 40)).toBeLessThanOrEqual(640);
        expect(covered(heading), 'heading under the banner').toBe(false);
        const cta = (await page.locator('#hero-title ~ div a').first().boundingBox())!;
        expect(cta.y).toBeGreaterThanOrEqual(0);
        expect(cta.y + cta.height, 'main call to action below the first screen').toBeLessThanOrEqual(640);
        expect(covered(cta), 'main call to action under the banner').toBe(false);
      });
    }
  });

  for (const width of [1024, 1280]) {
    test(`Greek menu labels stay on one line and inside the header at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/cy-el');
      const nav = page.getByRole('navigation', { name: message('el', 'Nav.main') }).first();
      await expect(nav).toBeVisible();
      const links = await nav.locator('a').evaluateAll((anchors) =>
        anchors.filter((a) => a.getClientRects().length > 0).map((a) => {
          const range = document.createRange();
          range.selectNodeContents(a);
          // The text's own height against one line's: two lines would be twice as tall.
          const lineHeight = parseFloat(getComputedStyle(a).lineHeight) || parseFloat(getComputedStyle(a).fontSize) * 1.2;
          const lines = Math.round(range.getBoundingClientRect().height / lineHeight);
          const box = a.getBoundingClientRect();
          return { text: a.textContent, lines, left: box.left, right: box.right, clipped: a.scrollWidth > a.clientWidth + 1 };
        }),
      );
      expect(links.length).toBeGreaterThan(3);
      for (const link of links) expect(link, link.text ?? '').toMatchObject({ lines: 1, clipped: false });
      for (let i = 1; i < links.length; i++) expect(links[i]!.left).toBeGreaterThanOrEqual(links[i - 1]!.right - 0.5);
      // The row does not run under the chooser and the logins.
      const actions = await page.locator('header').locator('button[command="show-modal"][commandfor="edition-chooser"]').boundingBox();
      expect(links[links.length - 1]!.right).toBeLessThanOrEqual(actions!.x);
    });
  }
});
