import { expect, test } from './fixtures';
import { companySlugs, getCompany } from '@/lib/payments/catalogue';
import { formatEuros } from '@/lib/payments/price';
import { expectNoAxeViolations, message, payOnProvider, toProvider } from './helpers';
import { storedJson } from './support/servers';

// The companies are all in Cyprus, paid in its editions only.
test('cy-ru on a 360 px phone: a donation of a free amount, paid', async ({ page }) => {
  const slug = companySlugs().find((s) => getCompany(s)!.services.some((service) => service.freeAmount))!;
  const service = getCompany(slug)!.services.find((s) => s.freeAmount)!;
  const reference = `mobile-${Date.now().toString(36)}`;
  await page.goto(`/cy-ru/companies/${slug}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.locator(`input[name="amount-${service.id}"]`).fill('25,50');
  await page.locator('#pay-name').fill('Ирина Петрова');
  await page.locator('#pay-email').fill('irina@example.com');
  await page.locator('#pay-reference').fill(reference);
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: formatEuros(2550, 'ru-CY') })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: message('ru', 'Payments.continue') }).click();
  await expect(page).toHaveURL(/\/cy-ru\/checkout\//);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
  // On a 360x640 phone the first screen holds the amount, what it is for and the Pay button.
  await page.setViewportSize({ width: 360, height: 640 });
  const pay = page.getByRole('button', { name: message('ru', 'Payments.checkout.pay').replace('{amount}', formatEuros(2550, 'ru-CY')) });
  for (const part of [page.getByText(formatEuros(2550, 'ru-CY'), { exact: true }).first(), page.locator('main').getByText(service.label.ru).first(), pay]) {
    const box = (await part.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(640);
  }
  await toProvider(page, 'ru');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
  await payOnProvider(page, 'ru', '4242424242424242', { expiry: '1230', cvc: '321' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('ru', 'Payments.checkout.states.paid.title'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
  expect(storedJson('payments').filter((p) => p.reference === reference)).toEqual([expect.objectContaining({ amount_eur: '25.50', status: 'paid' })]);
});
