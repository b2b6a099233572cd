import { expect, test } from './fixtures';
import { chooserButton, editions, message } from './helpers';

/** The banner, the phone menu and the edition chooser work with JavaScript off. */
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, storageState: { cookies: [], origins: [] } });

  test('the cookie banner posts the choice, sets GDPR_ACCEPT and returns to the page', async ({ page, context }) => {
    await page.goto('/lv-lv/about');
    const banner = page.getByRole('region', { name: message('lv', 'Consent.label') });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: message('lv', 'Consent.reject') }).click();
    await expect(page).toHaveURL(/\/lv-lv\/about$/);
    await expect(page.getByRole('region', { name: message('lv', 'Consent.label') })).toHaveCount(0);
    expect((await context.cookies()).find((c) => c.name === 'GDPR_ACCEPT')?.value).toBe('false');
  });

  test('the phone menu opens and its links work', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/cy-ru');
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: message('ru', 'Nav.menu'), exact: true }).click();
    await expect(menu).toBeVisible();
    // A modal dialog: the page behind is inert, so Tab cannot take focus behind the open menu.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !document.activeElement || document.activeElement === document.body || document.getElementById('mobile-menu')!.contains(document.activeElement))).toBe(true);
    }
    await menu.getByRole('link', { name: message('ru', 'Nav.faq') }).click();
    await expect(page).toHaveURL(/\/cy-ru\/faq$/);
  });

  test('the edition chooser opens and applies the choice', async ({ page }) => {
    await page.goto('/lv-en/about');
    await chooserButton(page, 'en').click();
    const dialog = page.getByRole('dialog', { name: message('en', 'Chooser.title') });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('group', { name: message('en', 'Chooser.country') }).getByRole('radio', { name: 'Estonia' }).check();
    // The languages Estonia lacks are hidden by CSS alone; Eesti appears.
    await expect(dialog.getByRole('radio', { name: 'Latviešu' })).toBeHidden();
    await dialog.getByRole('group', { name: message('en', 'Chooser.language') }).getByRole('radio', { name: 'Eesti' }).check();
    await dialog.getByRole('button', { name: message('en', 'Chooser.apply') }).click();
    await expect(page).toHaveURL(/\/ee-et\/about$/);
  });
});

test.describe('a first visit', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('after a choice on the cookie banner, focus goes to the page content, not to its start', async ({ page }) => {
  await page.goto('/lv-lv');
  const banner = page.getByRole('region', { name: message('lv', 'Consent.label') });
  await banner.getByRole('button', { name: message('lv', 'Consent.accept') }).focus();
  await page.keyboard.press('Enter');
  await expect(banner).toHaveCount(0);
  await expect(page.locator('#main')).toBeFocused();
  });
});

test('the header fits from 320 to 1440 px in every edition: one row of 64 px, logo and chooser whole, the whole navigation and the logins from 1024 px, no sideways scroll', async ({ page }) => {
  test.setTimeout(120_000);
  for (const edition of editions) {
    await page.goto(`/${edition.prefix}`);
    for (const width of [320, 360, 768, 1024, 1100, 1152, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      const where = `${edition.prefix} at ${width}px`;
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, where).toBeLessThanOrEqual(0);
      for (const element of [page.getByRole('banner').getByRole('link', { name: /Billme/ }).first(), chooserButton(page, edition.language)]) {
        const box = (await element.boundingBox())!;
        expect(box, where).not.toBeNull();
        expect(box.x, where).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, where).toBeLessThanOrEqual(width);
        expect(box.width, where).toBeGreaterThan(24);
      }
      // One row of about 64 px at every width; from 1024 px it holds the navigation and the logins.
      const header = (await page.getByRole('banner').boundingBox())!;
      expect(header.height, where).toBeLessThanOrEqual(66);
      if (width >= 1024) {
        const nav = page.getByRole('banner').getByRole('navigation', { name: message(edition.language, 'Nav.main') });
        await expect(nav.getByRole('link', { name: message(edition.language, 'Nav.contacts') }), where).toBeVisible();
        await expect(page.getByRole('banner').getByRole('button', { name: message(edition.language, 'Common.login'), exact: true }), where).toBeVisible();
        await expect(page.getByRole('banner').getByRole('button', { name: message(edition.language, 'Nav.menu'), exact: true }), where).toBeHidden();
      }
    }
  }
});
