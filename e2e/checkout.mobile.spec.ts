import { expect, test, type Page } from './fixtures';
import { getCompany } from '@/lib/payments/catalogue';
import { formatEuros } from '@/lib/payments/price';
import { shortReference } from '@/components/payments/reference';
import { editionByPrefix } from '@/lib/i18n/editions';
import { expectNoAxeViolations, fillCard, message, payOnProvider, toProvider } from './helpers';

type Lang = Parameters<typeof message>[0];
// The companies are all in Cyprus, and a company is paid only in its own country's editions: its three languages.
const prefixes: Record<string, Lang> = { 'cy-el': 'el', 'cy-en': 'en', 'cy-ru': 'ru' };

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
  return formatEuros(option.price, editionByPrefix(prefix)!.locale);
}

const providerPay = (page: Page, lang: Lang) => page.getByRole('button', { name: new RegExp(`^${message(lang, 'TestProvider.pay').split('{')[0]}`) });

for (const [prefix, lang] of Object.entries(prefixes)) {
  test(`${prefix}: a paid payment comes back as a receipt: its own heading in view, what, to whom, how much and the reference`, async ({ page }) => {
    await startPayment(page, prefix);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message(lang, 'Payments.checkout.states.pay.title'));
    await toProvider(page, lang);
    await expect(page.locator('#expiry')).toHaveAttribute('placeholder', message(lang, 'TestProvider.expiryPlaceholder'));
    await payOnProvider(page, lang, '4242 4242 4242 4242');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(message(lang, 'Payments.checkout.states.paid.title'));
    await expect(heading).toBeInViewport();
    await expect(page.locator('main')).toContainText(getCompany('bluenet')!.label);
    await expect(page.locator('main')).toContainText('payer@example.com');
    // The short reference a payer can quote, not the raw id.
    const id = page.url().split('/').at(-1)!;
    await expect(page.locator('main')).toContainText(shortReference(id));
    await expect(page.locator('main')).not.toContainText(id);
    await expectNoAxeViolations(page);
  });
}

test('cy-en: a declined card is announced on the provider\'s page; back on the site the status says it was declined and can be retried', async ({ page }) => {
  await startPayment(page, 'cy-en');
  const checkout = page.url();
  await toProvider(page, 'en');
  await fillCard(page, '4000 0000 0000 0002');
  await page.locator('#cvc').press('Enter');
  const alert = page.getByRole('alert').filter({ hasText: message('en', 'TestProvider.alerts.declinedTitle') });
  await expect(alert).toBeInViewport();
  await expectNoAxeViolations(page);
  await page.goto(checkout);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'PaymentOutcome.declinedTitle'));
  await expectNoAxeViolations(page);
});

test('cy-el: an American Express number is refused on the field, CVC takes four digits, and the next Tab stop after the CVC is Pay', async ({ page }) => {
  await startPayment(page, 'cy-el');
  await toProvider(page, 'el');
  await fillCard(page, '3782 822463 10005', { cvc: '1234' });
  await expect(page.locator('#cvc')).toHaveValue('1234');
  await page.locator('#cvc').focus();
  await page.keyboard.press('Tab');
  await expect(providerPay(page, 'el')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#number-error')).toHaveText(message('el', 'TestProvider.errors.unsupportedBrand'));
  await expect(page.locator('#number')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
});

test('the provider\'s card fields line up: number as wide as the name, expiry and CVC on one row', async ({ page }) => {
  await startPayment(page, 'cy-ru');
  await toProvider(page, 'ru');
  const [name, number, exp, csc] = await page.evaluate(() =>
    ['#name', '#number', '#expiry', '#cvc'].map((s) => {
      const { y, width, height } = document.querySelector(s)!.getBoundingClientRect();
      return { y, width, height };
    }),
  );
  expect(Math.abs(name!.width - number!.width)).toBeLessThanOrEqual(1);
  expect(Math.abs(exp!.y - csc!.y)).toBeLessThanOrEqual(1);
  expect(Math.abs(exp!.height - csc!.height)).toBeLessThanOrEqual(1);
});

test('cy-ru: Cancel on the site asks first; "continue" keeps the payment, "yes" cancels it, never "Undefined"', async ({ page }) => {
  await startPayment(page, 'cy-ru');
  const checkout = page.url();
  await page.getByRole('link', { name: message('ru', 'Payments.checkout.cancel') }).click();
  await expect(page.locator('#outcome-confirm')).toBeInViewport();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: message('ru', 'Payments.checkout.cancelKeep') }).click();
  await expect(page).toHaveURL(checkout);
  await expect(page.getByRole('button', { name: new RegExp(message('ru', 'Payments.checkout.pay').split('{')[0]!) })).toBeInViewport();
  await page.getByRole('link', { name: message('ru', 'Payments.checkout.cancel') }).click();
  await page.getByRole('button', { name: message('ru', 'Payments.checkout.cancelConfirm') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('ru', 'Payments.checkout.states.cancelled.title'));
  await expect(page.locator('main')).not.toContainText(message('ru', 'Payments.status.closed'));
  await expectNoAxeViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('cy-el: decline on the provider\'s page, then cancel on the site, with plain forms; each result opens at the top', async ({ page }) => {
    await startPayment(page, 'cy-el');
    const checkout = page.url().replace(/#.*$/, '');
    await toProvider(page, 'el');
    await payOnProvider(page, 'el', '4000 0000 0000 0002');
    await expect(page.getByRole('alert').filter({ hasText: message('el', 'TestProvider.alerts.declinedTitle') })).toBeInViewport();
    await page.goto(checkout);
    await page.getByRole('link', { name: message('el', 'Payments.checkout.cancel') }).click();
    await expect(page.locator('#outcome-confirm')).toBeInViewport();
    await page.getByRole('button', { name: message('el', 'Payments.checkout.cancelConfirm') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('el', 'Payments.checkout.states.cancelled.title'));
  });
});
