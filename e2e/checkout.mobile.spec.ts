import { expect, test, type Page } from './fixtures';
import { getCompany } from '@/lib/payments/catalogue';
import { formatEuros } from '@/lib/payments/price';
import { shortReference } from '@/components/payments/reference';
import { expectNoAxeViolations, fillCard, message } from './helpers';

type Lang = Parameters<typeof message>[0];
const prefixes: Record<string, Lang> = { 'lv-lv': 'lv', 'cy-el': 'el', 'ee-ru': 'ru' };

/** Starts a payment for the company's first fixed-price option; returns its formatted amount. */
async function startPayment(page: Page, prefix: string, slug = 'bluenet') {
  const lang = prefixes[prefix]!;
  const service = getCompany(slug)!.services.find((s) => s.options.some((o) => !o.discountPercent))!;
  const option = service.options.find((o) => !o.discountPercent)!;
  await page.goto(`/${prefix}/companies/${slug}`);
  await page.locator(`input[name="choice"][value="${service.id}/${option.id}"]`).check();
  await page.locator('#pay-name').fill('Test Payer');
  await page.locator('#pay-email').fill('payer@example.com');
  await page.locator('#pay-reference').fill(`checkout-${Date.now().toString(36)}`);
  await page.getByRole('button', { name: message(lang, 'Payments.continue') }).click();
  // Without JavaScript the address keeps the form's #pay-errors (the browser carries a fragment across a redirect).
  await expect(page).toHaveURL(new RegExp(`/${prefix}/checkout/[0-9a-f-]{36}(#pay-errors)?$`));
  return formatEuros(option.price, page.url().includes('/cy-') ? 'el-CY' : 'lv-LV');
}

const payButton = (page: Page, lang: Lang) => page.getByRole('button', { name: new RegExp(`^${message(lang, 'Payments.checkout.pay').split('{')[0]}`) });

async function expectInViewAndFocused(page: Page, selector: string) {
  const target = page.locator(selector);
  await expect(target).toBeFocused();
  await expect(target).toBeInViewport();
}

for (const [prefix, lang] of Object.entries(prefixes)) {
  test(`${prefix}: a paid payment opens on its result, in view and focused, stating what, to whom, how much and the reference`, async ({ page }) => {
    await startPayment(page, prefix);
    await expect(page.locator('main')).toContainText(message(lang, 'Payments.checkout.awaiting'));
    await expect(page.locator('#cc-exp')).toHaveAttribute('placeholder', message(lang, 'Payments.checkout.expiryPlaceholder'));
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    await fillCard(page, '4242 4242 4242 4242');
    await payButton(page, lang).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message(lang, 'Payments.checkout.successTitle'));
    await expectInViewAndFocused(page, '#outcome-paid');
    await expect(page.locator('#outcome-paid')).toContainText(getCompany('bluenet')!.label);
    await expect(page.locator('#outcome-paid')).toContainText('payer@example.com');
    // The short reference a payer can quote, not the raw id.
    const id = page.url().split('/').at(-1)!;
    await expect(page.locator('main')).toContainText(shortReference(id));
    await expect(page.locator('main')).not.toContainText(id);
    await expectNoAxeViolations(page);
  });
}

test('lv-lv: a declined card is announced and focused; the status says it was declined and can be retried', async ({ page }) => {
  await startPayment(page, 'lv-lv');
  await fillCard(page, '4000 0000 0000 0002');
  await page.locator('#cc-csc').press('Enter');
  const alert = page.getByRole('alert').filter({ hasText: message('lv', 'Payments.checkout.declinedTitle') });
  await expect(alert).toBeFocused();
  await expect(alert).toBeInViewport();
  await page.reload();
  await expect(page.locator('main')).toContainText(message('lv', 'Payments.checkout.declinedStatus'));
  await expectNoAxeViolations(page);
});

test('cy-el: an American Express number is announced, CVC takes four digits, Pay stays enabled and shows the error on the field', async ({ page }) => {
  await startPayment(page, 'cy-el');
  await fillCard(page, '3782 822463 10005', { cvc: '1234' });
  const error = page.locator('#cc-number-error');
  await expect(error).toHaveText(message('el', 'Payments.checkout.cardErrors.unsupportedBrand'));
  await expect(error).toHaveAttribute('role', 'alert');
  await expect(page.locator('#cc-csc')).toHaveValue('1234');
  await expect(payButton(page, 'el')).toBeEnabled();
  // Enter in the CVC field submits; the refused number gets focus, and no payment is cancelled.
  await page.locator('#cc-csc').press('Enter');
  await expect(page.locator('#cc-number')).toBeFocused();
  await expect(page.locator('#cc-number')).toHaveAttribute('aria-invalid', 'true');
  // The next Tab stop after the CVC field is Pay, never Cancel.
  await page.locator('#cc-csc').focus();
  await page.keyboard.press('Tab');
  await expect(payButton(page, 'el')).toBeFocused();
  await expectNoAxeViolations(page);
});

test('the card fields line up: number as wide as the others, expiry and CVC on one row', async ({ page }) => {
  await startPayment(page, 'ee-ru');
  await expect(page.locator('#cc-csc')).toBeVisible();
  // Measured in one go: the page may still be scrolling after the navigation, and boxes read one by one
  // would then come from different scroll positions.
  const [name, number, exp, csc] = await page.evaluate(() =>
    ['#cc-name', '#cc-number', '#cc-exp', '#cc-csc'].map((s) => {
      const { y, width, height } = document.querySelector(s)!.getBoundingClientRect();
      return { y, width, height };
    }),
  );
  expect(Math.abs(name!.width - number!.width)).toBeLessThanOrEqual(1);
  expect(Math.abs(exp!.y - csc!.y)).toBeLessThanOrEqual(1);
  expect(Math.abs(exp!.height - csc!.height)).toBeLessThanOrEqual(1);
});

test('ee-ru: Cancel asks first; "continue" keeps the payment, "yes" closes it with the result in view and focused', async ({ page }) => {
  await startPayment(page, 'ee-ru');
  const checkout = page.url();
  await page.getByRole('link', { name: message('ru', 'Payments.checkout.cancel') }).click();
  await expectInViewAndFocused(page, '#outcome-confirm');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: message('ru', 'Payments.checkout.cancelKeep') }).click();
  await expect(page).toHaveURL(`${checkout}?resume=1`);
  // Focus is not lost: it lands on the card form, in view.
  await expectInViewAndFocused(page, '#card-form');
  await expect(page.locator('#cc-number')).toBeVisible();
  await page.getByRole('link', { name: message('ru', 'Payments.checkout.cancel') }).click();
  await page.getByRole('button', { name: message('ru', 'Payments.checkout.cancelConfirm') }).click();
  await expectInViewAndFocused(page, '#outcome-closed');
  await expect(page.locator('#outcome-closed')).toContainText(message('ru', 'Payments.checkout.cancelledTitle'));
  // The status says what happened: cancelled, nothing charged; never "Undefined".
  await expect(page.locator('main')).toContainText(message('ru', 'Payments.checkout.cancelledStatus'));
  await expect(page.locator('main dd').filter({ hasText: new RegExp(`^${message('ru', 'Payments.status.closed')}$`) })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('cy-el: pay, decline and cancel with plain forms; each result opens at the top', async ({ page }) => {
    await startPayment(page, 'cy-el');
    await fillCard(page, '4000 0000 0000 0002');
    await payButton(page, 'el').click();
    await expect(page.getByRole('alert').filter({ hasText: message('el', 'Payments.checkout.declinedTitle') })).toBeInViewport();
    await page.getByRole('link', { name: message('el', 'Payments.checkout.cancel') }).click();
    await expect(page.locator('#outcome-confirm')).toBeInViewport();
    await page.getByRole('button', { name: message('el', 'Payments.checkout.cancelConfirm') }).click();
    await expect(page.locator('#outcome-closed')).toBeInViewport();
    await expect(page.locator('#outcome-closed')).toContainText(message('el', 'Payments.checkout.cancelledTitle'));
  });
});
