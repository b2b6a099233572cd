import { expect, test } from './fixtures';
import { chooserButton, editions, expectNoAxeViolations, message, wordsCutInTwo } from './helpers';

test('the phone menu opens by touch and keyboard, and closes with Esc or a navigation', async ({ page }) => {
  await page.goto('/cy-el');
  // Its accessible name is its visible word (label in name), whether the menu is open or not.
  const open = page.getByRole('button', { name: message('el', 'Nav.menu'), exact: true });
  await expect(open).toHaveAttribute('command', 'show-modal');
  await expect(page.locator('#mobile-menu')).toBeHidden();
  await open.tap();
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: message('el', 'Nav.about') })).toBeVisible();
  await expect(menu.getByRole('link', { name: message('el', 'Common.loginBusiness') })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(open).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await menu.getByRole('button', { name: message('el', 'Nav.closeMenu') }).click();
  await expect(menu).toBeHidden();
  await open.click();
  await menu.getByRole('link', { name: message('el', 'Nav.business') }).click();
  await expect(page).toHaveURL(/\/cy-el\/business$/);
  await expect(menu).toBeHidden();
});

test('pages fit a 360 px phone without horizontal scrolling, and cut no word in two', async ({ page }) => {
  // The company page has the longest words of the site: its e-mail and web addresses.
  for (const path of ['/lv-lv', '/cy-el/about', '/ee-ru/business', '/lv-en/missing', '/cy-ru/companies/synopsisarch']) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
    expect(await wordsCutInTwo(page.locator('main')), path).toEqual([]);
  }
});

test('Tab and Shift+Tab stay inside the open phone menu', async ({ page }) => {
  await page.goto('/cy-ru');
  const toggle = page.getByRole('button', { name: message('ru', 'Nav.menu'), exact: true });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeVisible();
  const inside = () => page.evaluate(() => document.getElementById('mobile-menu')!.contains(document.activeElement));
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    expect(await inside()).toBe(true);
  }
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await inside()).toBe(true);
  }
});

test.describe('a first visit', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the cookie banner at 360x640: at the top of the flow, covering nothing, 16 px text, a visible heading, two equal choices, no word cut in two', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  for (const prefix of ['lv-lv', 'ee-et', 'cy-el', 'ee-ru', 'lv-ru', 'cy-en']) {
    await page.goto(`/${prefix}`);
    const banner = page.getByRole('region').filter({ has: page.locator('button[value="accepted"]') });
    // In the page's flow above the header: it pushes the page down and never lies over it.
    expect(await banner.evaluate((e) => getComputedStyle(e).position), prefix).toBe('static');
    const header = (await page.getByRole('banner').boundingBox())!;
    const box = (await banner.boundingBox())!;
    expect(box.y + box.height, prefix).toBeLessThanOrEqual(header.y + 1);
    await expect(banner.getByRole('heading', { level: 2 }), prefix).toBeVisible();
    expect(await banner.locator('p').first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize)), prefix).toBeGreaterThanOrEqual(16);
    const [reject, accept] = [banner.locator('button[value="rejected"]'), banner.locator('button[value="accepted"]')];
    const [r, a] = [(await reject.boundingBox())!, (await accept.boundingBox())!];
    expect(Math.abs(r.width - a.width), prefix).toBeLessThanOrEqual(1);
    expect(await reject.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(await accept.evaluate((e) => getComputedStyle(e).backgroundColor));
    // The policy link is whole and nothing lies over it (the buttons overlapped it in Russian).
    const link = banner.getByRole('link');
    await expect(link).toBeVisible();
    const l = (await link.boundingBox())!;
    expect(l.y + l.height, prefix).toBeLessThanOrEqual(Math.min(r.y, a.y));
    // A long word (Estonian compounds) breaks only where its text allows it: at a hyphen or a soft hyphen.
    expect(await wordsCutInTwo(banner.locator('button')), prefix).toEqual([]);
  }
});
});

test('the FAQ section list jumps to each section, under the sticky header', async ({ page }) => {
  await page.goto('/lv-lv/faq');
  const sections = page.getByRole('navigation', { name: message('lv', 'Faq.sections') }).getByRole('link');
  for (const index of [(await sections.count()) - 1, 1]) {
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    const id = (await sections.nth(index).getAttribute('href'))!.slice(1);
    await sections.nth(index).tap();
    // Smooth scrolling: wait until the section's heading rests below the header, inside the viewport.
    await expect
      .poll(() => page.evaluate((target) => Math.round(document.getElementById(target)!.getBoundingClientRect().top), id))
      .toBeGreaterThanOrEqual(await page.locator('header').first().evaluate((header) => Math.floor(header.getBoundingClientRect().bottom)));
    await expect(page.locator(`#${id} h2`)).toBeInViewport();
  }
});

test('the country and language chooser fits a 360x640 screen in every edition, Apply in view, without scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  for (const edition of editions) {
    await page.goto(`/${edition.prefix}`);
    await chooserButton(page, edition.language).click();
    const dialog = page.getByRole('dialog', { name: message(edition.language, 'Chooser.title') });
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.y, edition.prefix).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, edition.prefix).toBeLessThanOrEqual(640);
    expect(await dialog.evaluate((d) => d.scrollHeight - d.clientHeight), edition.prefix).toBeLessThanOrEqual(1); // sub-pixel rounding
    await expect(dialog.getByRole('button', { name: message(edition.language, 'Chooser.apply') }), edition.prefix).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('group', { name: message(edition.language, 'Chooser.country') }).getByRole('radio')).toHaveCount(3);
    await expect(dialog.getByRole('group', { name: message(edition.language, 'Chooser.language') }).getByRole('radio').and(page.locator(':visible'))).toHaveCount(3);
    await page.keyboard.press('Escape');
  }
});
