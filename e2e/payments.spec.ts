import { expect, test, type Page } from './fixtures';
import { companySlugs, getCompany, type Company } from '@/lib/payments/catalogue';
import { formatEuros } from '@/lib/payments/price';
import { editions, expectNoAxeViolations, fillCard, message } from './helpers';
import { storedJson } from './support/servers';

type Lang = Parameters<typeof message>[0];
/** Payments as `npm run submissions -- payments --json` shows them for the main test server. */
function payments(reference: string): Record<string, string | number>[] {
  return storedJson('payments').filter((p) => p.reference === reference);
}
const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const money = (cents: number, locale: string) => formatEuros(cents, locale).replace(/\s/g, ' ');

function find(company: Company, predicate: (o: Company['services'][number]['options'][number], s: Company['services'][number]) => boolean) {
  for (const service of company.services) for (const option of service.options) if (predicate(option, service)) return { service, option };
  throw new Error(`no such option in ${company.slug}`);
}

async function choose(page: Page, lang: Lang, label: string, payer: { name: string; email: string; reference: string }) {
  await page.getByRole('radio', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).check();
  await page.getByLabel(message(lang, 'Payments.name'), { exact: false }).fill(payer.name);
  await page.getByLabel(message(lang, 'Payments.emailReceipt'), { exact: false }).fill(payer.email);
  await page.locator('#pay-reference').fill(payer.reference);
}

async function payWith(page: Page, lang: Lang, number: string, amount: string, expiry = '12/30') {
  await fillCard(page, number, { expiry });
  await page.getByRole('button', { name: message(lang, 'Payments.checkout.pay').replace('{amount}', amount) }).click();
}

test('all 22 company pages answer in all nine editions; others are 404', async ({ request }) => {
  test.setTimeout(120_000);
  for (const edition of editions) {
    for (const slug of companySlugs) {
      const response = await request.get(`/${edition.prefix}/companies/${slug}`);
      expect(response.status(), `${edition.prefix}/${slug}`).toBe(200);
      const html = await response.text();
      expect(html).toContain(getCompany(slug)!.description[edition.language].slice(0, 20).replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;'));
    }
  }
  expect((await request.get('/cy-en/companies/acme')).status()).toBe(404);
});

test('cy-el: pay the academy\'s annual membership (1500 less 10%) with a good card', async ({ page }) => {
  const company = getCompany('fckrasavaacademy')!;
  const { option } = find(company, (o) => o.discountPercent === 10);
  const reference = unique('annual');
  await page.goto('/cy-el/companies/fckrasavaacademy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(company.label);
  await expect(page.getByText(money(150000, 'el-CY')).first()).toBeVisible();
  await choose(page, 'el', option.label.el, { name: 'Μαρία Γεωργίου', email: 'maria@example.com.cy', reference });
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: money(135000, 'el-CY') })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: message('el', 'Payments.continue') }).click();

  await expect(page).toHaveURL(/\/cy-el\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByText(message('el', 'Payments.checkout.testBanner'))).toBeVisible();
  const amount = formatEuros(135000, 'el-CY');
  await expectNoAxeViolations(page);
  await payWith(page, 'el', '4242 4242 4242 4242', amount);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('el', 'Payments.checkout.successTitle'));
  await expect(page.getByRole('status')).toContainText('4242');
  await expectNoAxeViolations(page);
  expect(payments(reference)).toEqual([expect.objectContaining({ amount_eur: '1350.00', status: 'paid', status_label: 'Paid', card: 'visa *4242', attempts: 1 })]);
});

test('lv-en: a declined card, then another card pays; the form keeps the name, number and expiry', async ({ page }) => {
  const company = getCompany('bluenet')!;
  const { option, service } = find(company, (o, s) => Boolean(s.periods) && o.price === 4500);
  const reference = unique('declined');
  await page.goto('/lv-en/companies/bluenet');
  await choose(page, 'en', option.label.en, { name: 'Jānis Ozols', email: 'janis@example.lv', reference });
  await page.locator(`select[name="months-${service.id}"]`).selectOption('3');
  const total = Math.round(4500 * 3 * 0.9);
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: money(total, 'en-LV') })).toBeVisible();
  await page.getByRole('button', { name: message('en', 'Payments.continue') }).click();
  const amount = formatEuros(total, 'en-LV');
  await payWith(page, 'en', '4000 0000 0000 0002', amount);
  const alert = page.getByRole('alert').filter({ hasText: message('en', 'Payments.checkout.declinedTitle') });
  await expect(alert).toContainText(message('en', 'Payments.checkout.declinedText'));
  // What the browser holds stays for a correction (the number never comes from the server); the CVC is cleared.
  await expect(page.locator('#cc-number')).toHaveValue('4000 0000 0000 0002');
  await expect(page.locator('#cc-exp')).toHaveValue('12/30');
  await expect(page.locator('#cc-csc')).toHaveValue('');
  await expect(page.locator('#cc-name')).toHaveValue('Test Payer');
  await expectNoAxeViolations(page);
  await payWith(page, 'en', '5555 5555 5555 4444', amount);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'Payments.checkout.successTitle'));
  expect(payments(reference)).toEqual([expect.objectContaining({ amount_eur: (total / 100).toFixed(2), status: 'paid', card: 'mastercard *4444', attempts: 2, months: 3 })]);
});

test('ee-ru: an expired card and a past expiry date say the card has expired; a processing error asks for a new method', async ({ page }) => {
  const company = getCompany('ucity')!;
  const { option } = find(company, (o) => o.price === 100000);
  const reference = unique('expired');
  await page.goto('/ee-ru/companies/ucity');
  await choose(page, 'ru', option.label.ru, { name: 'Олег Петров', email: 'oleg@example.ee', reference });
  await page.getByRole('button', { name: message('ru', 'Payments.continue') }).click();
  const amount = formatEuros(100000, 'ru-EE');
  await payWith(page, 'ru', '4000000000000069', amount);
  await expect(page.getByRole('alert').filter({ hasText: message('ru', 'Payments.checkout.expiredTitle') })).toBeVisible();
  await payWith(page, 'ru', '4242424242424242', amount, '01/24');
  await expect(page.locator('#cc-expiry-error')).toHaveText(message('ru', 'Payments.checkout.cardErrors.expired'));
  await payWith(page, 'ru', '4000 0000 0000 0119', amount);
  const error = page.getByRole('alert').filter({ hasText: message('ru', 'Payments.checkout.errorTitle') });
  await expect(error).toContainText(message('ru', 'Payments.checkout.errorText'));
  await expectNoAxeViolations(page);
  await page.locator('#cc-number').fill('3782 822463 10005');
  await expect(page.locator('#cc-number-error')).toHaveText(message('ru', 'Payments.checkout.cardErrors.unsupportedBrand'));
  expect(payments(reference)).toEqual([expect.objectContaining({ amount_eur: '1000.00', status: 'fail', status_label: 'Error', attempts: 2 })]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('cy-ru: choose, pay and see the result with plain forms', async ({ page }) => {
    const company = getCompany('pisfitness')!;
    const { option, service } = find(company, (o) => o.price === 1500);
    const reference = unique('nojs');
    await page.goto('/cy-ru/companies/pisfitness');
    await choose(page, 'ru', option.label.ru, { name: 'Анна', email: 'anna@example.com', reference });
    await page.locator(`select[name="quantity-${service.id}"]`).selectOption('4');
    await page.getByRole('button', { name: message('ru', 'Payments.continue') }).click();
    await expect(page).toHaveURL(/\/cy-ru\/checkout\//);
    await expect(page.locator('main')).toContainText(formatEuros(6000, 'ru-CY'));
    await payWith(page, 'ru', '4242424242424242', formatEuros(6000, 'ru-CY'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('ru', 'Payments.checkout.successTitle'));
    expect(payments(reference)).toEqual([expect.objectContaining({ amount_eur: '60.00', quantity: 4, status: 'paid' })]);
  });
});
