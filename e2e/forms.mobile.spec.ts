import { expect, test } from './fixtures';
import { expectNoAxeViolations, message } from './helpers';

test('cy-el on a 360 px phone: the business start form fits, fails clearly and sends', async ({ page }) => {
  await page.goto('/cy-el/business-start-form');
  await page.getByRole('button', { name: message('el', 'Forms.submit') }).click();
  await expect(page.locator('#business-start-name-error')).toHaveText(message('el', 'Forms.errors.required'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
  await page.locator('#business-start-name').fill('Ελένη');
  await page.locator('#business-start-email').fill('eleni@example.com.cy');
  await page.locator('#business-start-phone').fill('+357 9900 0000');
  await page.locator('#business-start-company').fill('Ακαδημία Ελένης');
  await page.getByRole('button', { name: message('el', 'Forms.submit') }).click();
  await expect(page.getByRole('heading', { name: message('el', 'Forms.businessStart.thanksTitle') })).toBeVisible();
});
