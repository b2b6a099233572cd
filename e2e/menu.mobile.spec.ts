import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, message } from './helpers';

test('the phone menu opens by touch and keyboard, and closes with Esc or a navigation', async ({ page }) => {
  await page.goto('/cy-el');
  const open = page.getByRole('button', { name: message('el', 'Nav.openMenu') });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await open.tap();
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: message('el', 'Nav.about') })).toBeVisible();
  await expect(menu.getByRole('link', { name: message('el', 'Common.loginBusiness') })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  const toggle = page.getByRole('button', { name: message('el', 'Nav.openMenu') });
  await expect(toggle).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: message('el', 'Nav.business') }).click();
  await expect(page).toHaveURL(/\/cy-el\/business$/);
  await expect(menu).toBeHidden();
});

test('pages fit a 360 px phone without horizontal scrolling', async ({ page }) => {
  for (const path of ['/lv-lv', '/cy-el/about', '/ee-ru/business', '/lv-en/missing']) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
