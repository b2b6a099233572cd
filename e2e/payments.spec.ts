import { expect, test, type Page } from './fixtures';
import { companySlugs, getCompany, type Company } from '@/lib/payments/catalogue';
import { formatEuros } from '@/lib/payments/price';
import { shortReference } from '@/components/payments/reference';
import { editions, expectNoAxeViolations, message, payOnProvider, toProvider } from './helpers';
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

test("every company page answers in its own country's editions and is a 404 in the others; unknown ones are 404", async ({ request }) => {
  test.setTimeout(120_000);
  for (const edition of editions) {
    for (const slug of companySlugs()) {
      const response = await request.get(`/${edition.prefix}/companies/${slug}`);
      if (getCompany(slug)!.country !== edition.country) {
        expect(response.status(), `${edition.prefix}/${slug}`).toBe(404);
        continue;
      }
      expect(response.status(), `${edition.prefix}/${slug}`).toBe(200);
      const html = await response.text();
      expect(html).toContain(getCompany(slug)!.description[edition.language].slice(0, 20).replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;'));
    }
  }
  expect((await request.get('/cy-en/companies/acme')).status()).toBe(404);
});

/** A company's first fixed-price option chosen and the payer's details sent: the site's checkout page. */
async function checkoutOf(page: Page, prefix: string, lang: Lang, slug = 'bluenet') {
  const company = getCompany(slug)!;
  const { option } = find(company, (o) => !o.discountPercent);
  const service = company.services.find((s) => s.options.includes(option))!;
  const reference = unique(`${prefix}`);
  await page.goto(`/${prefix}/companies/${slug}`);
  await page.locator(`input[name="choice"][value="${service.id}/${option.id}"]`).check();
  await page.locator('#pay-name').fill('Test Payer');
  await page.locator('#pay-email').fill('payer@example.com');
  await page.locator('#pay-reference').fill(reference);
  await page.getByRole('button', { name: message(lang, 'Payments.continue') }).click();
  await expect(page).toHaveURL(new RegExp(`/${prefix}/checkout/[0-9a-f-]{36}(#pay-errors)?$`));
  return { reference, id: page.url().split('/').at(-1)!.replace(/#.*$/, ''), amount: option.price };
}
const title = (page: Page) => page.getByRole('heading', { level: 1 });

test('cy-el: pay the academy\'s annual membership (1500 less 10%) with a good card, on the provider\'s page', async ({ page, request }) => {
  const company = getCompany('fckrasavaacademy')!;
  const { option } = find(company, (o) => o.discountPercent === 10);
  const reference = unique('annual');
  await page.goto('/cy-el/companies/fckrasavaacademy');
  await expect(title(page)).toHaveText(company.label);
  await expect(page.getByText(money(150000, 'el-CY')).first()).toBeVisible();
  await choose(page, 'el', option.label.el, { name: 'Μαρία Γεωργίου', email: 'maria@example.com.cy', reference });
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: money(135000, 'el-CY') })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: message('el', 'Payments.continue') }).click();

  await expect(page).toHaveURL(/\/cy-el\/checkout\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').at(-1)!;
  await expect(title(page)).toHaveText(message('el', 'Payments.checkout.states.pay.title'));
  await expect(page.locator('main')).toContainText(money(135000, 'el-CY'));
  await expect(page.getByText(message('el', 'Payments.checkout.testBanner'))).toBeVisible();
  // The site has no card field at all.
  await expect(page.locator('input[autocomplete^="cc-"]')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await toProvider(page, 'el');
  await expect(page.locator('html')).toHaveAttribute('lang', 'el-CY');
  await expect(page.locator('main')).toContainText(formatEuros(135000, 'el-CY'));
  await expect(page.getByText(message('el', 'TestProvider.testMode'))).toBeVisible();
  await expectNoAxeViolations(page);
  await payOnProvider(page, 'el', '4242 4242 4242 4242');

  await expect(page).toHaveURL(new RegExp(`/cy-el/checkout/${id}$`));
  await expect(title(page)).toHaveText(message('el', 'Payments.checkout.states.paid.title'));
  await expect(page.locator('main')).toContainText('4242');
  await expect(page.locator('main')).toContainText(shortReference(id));
  await expect(page.locator('main')).not.toContainText(message('el', 'Payments.checkout.summaryTitle'));
  await expectNoAxeViolations(page);
  expect(payments(reference)).toEqual([expect.objectContaining({ amount_eur: '1350.00', status: 'paid', status_label: 'Paid', card: 'visa *4242', attempts: 1 })]);
  // The receipt as a PDF (the same receipt model as the page).
  const href = (await page.getByRole('link', { name: message('el', 'PaymentOutcome.downloadPdf') }).getAttribute('href'))!;
  const receipt = await request.get(href);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()['content-type']).toBe('application/pdf');
  expect((await receipt.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('cy-en: a declined card on the provider\'s page, then another card pays; the number is never sent back', async ({ page }) => {
  const company = getCompany('bluenet')!;
  const { option, service } = find(company, (o, s) => Boolean(s.periods) && o.price === 4500);
  const reference = unique('declined');
  await page.goto('/cy-en/companies/bluenet');
  await choose(page, 'en', option.label.en, { name: 'Jānis Ozols', email: 'janis@example.lv', reference });
  await page.locator(`select[name="months-${service.id}"]`).selectOption('3');
  const total = Math.round(4500 * 3 * 0.9);
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: money(total, 'en-CY') })).toBeVisible();
  await page.getByRole('button', { name: message('en', 'Payments.continue') }).click();
  await toProvider(page, 'en');
  await payOnProvider(page, 'en', '4000 0000 0000 0002');
  const alert = page.getByRole('alert').filter({ hasText: message('en', 'TestProvider.alerts.declinedTitle') });
  await expect(alert).toContainText(message('en', 'TestProvider.alerts.declinedText'));
  await expect(page.locator('#number')).toHaveValue('');
  await expect(page.locator('#name')).toHaveValue('Test Payer');
  await expectNoAxeViolations(page);
  await payOnProvider(page, 'en', '5555 5555 5555 4444');
  await expect(title(page)).toHaveText(message('en', 'Payments.checkout.states.paid.title'));
  expect(payments(reference)).toEqual([expect.objectContaining({ amount_eur: (total / 100).toFixed(2), status: 'paid', card: 'mastercard *4444', attempts: 2, months: 3 })]);
});

test('cy-ru: an expired card, a past expiry date and an unaccepted brand are said on the provider\'s page; a processing error returns to the site\'s failed state', async ({ page }) => {
  const company = getCompany('ucity')!;
  const { option } = find(company, (o) => o.price === 100000);
  const reference = unique('expired');
  await page.goto('/cy-ru/companies/ucity');
  await choose(page, 'ru', option.label.ru, { name: 'Олег Петров', email: 'oleg@example.ee', reference });
  await page.getByRole('button', { name: message('ru', 'Payments.continue') }).click();
  await toProvider(page, 'ru');
  await payOnProvider(page, 'ru', '4000000000000069');
  await expect(page.getByRole('alert').filter({ hasText: message('ru', 'TestProvider.alerts.expiredTitle') })).toBeVisible();
  await payOnProvider(page, 'ru', '4242424242424242', { expiry: '01/24' });
  await expect(page.locator('#expiry-error')).toHaveText(message('ru', 'TestProvider.errors.expired'));
  await payOnProvider(page, 'ru', '3782 822463 10005', { cvc: '1234' });
  await expect(page.locator('#number-error')).toHaveText(message('ru', 'TestProvider.errors.unsupportedBrand'));
  await expect(page.locator('#number')).toHaveAttribute('aria-invalid', 'true');
  await payOnProvider(page, 'ru', '4000 0000 0000 0119');
  await expect(title(page)).toHaveText(message('ru', 'PaymentOutcome.errorTitle'));
  // The specification's message after a processing error (spec 8), in the payer's language.
  await expect(page.locator('main')).toContainText(message('ru', 'PaymentOutcome.errorText'));
  await expect(page.getByRole('button', { name: new RegExp(message('ru', 'Payments.checkout.payAgain').split('{')[0]!) })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(payments(reference)).toEqual([expect.objectContaining({ amount_eur: '1000.00', status: 'fail', status_label: 'Error', attempts: 2 })]);
});

// Every company is in Cyprus, paid only in the Cypriot editions.
for (const [prefix, lang] of [['cy-en', 'en'], ['cy-el', 'el']] as const) {
  test(`${prefix}: a 3-D Secure card asks the bank's confirmation on the provider's page; confirmed, it pays`, async ({ page }) => {
    const { reference } = await checkoutOf(page, prefix, lang);
    await toProvider(page, lang);
    await payOnProvider(page, lang, '4000 0000 0000 3220');
    await expect(title(page)).toHaveText(message(lang, 'TestProvider.threeDSTitle'));
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: message(lang, 'TestProvider.threeDSConfirm') }).click();
    await expect(title(page)).toHaveText(message(lang, 'Payments.checkout.states.paid.title'));
    expect(payments(reference)).toEqual([expect.objectContaining({ status: 'paid', card: 'visa *3220' })]);
  });

  test(`${prefix}: Cancel on the provider's page brings the payer back to a cancelled payment`, async ({ page }) => {
    const { reference } = await checkoutOf(page, prefix, lang);
    await toProvider(page, lang);
    await page.getByRole('button', { name: message(lang, 'TestProvider.cancel').replace('{company}', getCompany('bluenet')!.label) }).click();
    await expect(title(page)).toHaveText(message(lang, 'Payments.checkout.states.cancelled.title'));
    await expect(page.getByRole('link', { name: message(lang, 'Payments.checkout.backToCompany').replace('{company}', getCompany('bluenet')!.label) })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(payments(reference)).toEqual([expect.objectContaining({ status: 'cancelled' })]);
  });
}

test('cy-el: the payer form\'s schema comes after the page works; if it cannot be had, the server checks the payer', async ({ page, request }) => {
  // The scripts the page starts with are those its HTML names; the schema is a chunk loaded on demand.
  const html = await (await request.get('/cy-el/companies/bluenet')).text();
  const refused: string[] = [];
  // A build with a deployment id names its chunks `….js?dpl=…` (a glob would not match the query).
  await page.route(/\/_next\/static\/chunks\/[^/?]+\.js(\?|$)/, (route) => {
    if (html.includes(new URL(route.request().url()).pathname)) return route.continue();
    refused.push(route.request().url());
    return route.abort();
  });
  await page.goto('/cy-el/companies/bluenet');
  const service = getCompany('bluenet')!.services[0]!;
  await page.locator(`input[name="choice"][value="${service.id}/${service.options[0]!.id}"]`).check();
  // The plans work without it: the total is there.
  await expect(page.locator('form [aria-live="polite"] dl')).toBeVisible();
  await expect.poll(() => refused.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: message('el', 'Payments.continue') }).click();
  // Not checked in the browser: the server's answer says what is missing, on the same page.
  await expect(page.getByText(message('el', 'Forms.errors.required')).first()).toBeVisible();
  await expect(page).toHaveURL(/\/cy-el\/companies\/bluenet/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('cy-ru: choose, pay and see the receipt with plain forms', async ({ page }) => {
    const company = getCompany('pisfitness')!;
    const { option, service } = find(company, (o) => o.price === 1500);
    const reference = unique('nojs');
    await page.goto('/cy-ru/companies/pisfitness');
    await choose(page, 'ru', option.label.ru, { name: 'Анна', email: 'anna@example.com', reference });
    await page.locator(`select[name="quantity-${service.id}"]`).selectOption('4');
    await page.getByRole('button', { name: message('ru', 'Payments.continue') }).click();
    await expect(page).toHaveURL(/\/cy-ru\/checkout\//);
    await expect(page.locator('main')).toContainText(formatEuros(6000, 'ru-CY'));
    await toProvider(page, 'ru');
    await payOnProvider(page, 'ru', '4242424242424242');
    await expect(title(page)).toHaveText(message('ru', 'Payments.checkout.states.paid.title'));
    expect(payments(reference)).toEqual([expect.objectContaining({ amount_eur: '60.00', quantity: 4, status: 'paid' })]);
  });

  for (const [prefix, lang] of [['cy-ru', 'ru'], ['cy-el', 'el']] as const) {
    test(`${prefix}: decline then pay, 3-D Secure confirm, and cancel, all with plain forms`, async ({ page }) => {
      const first = await checkoutOf(page, prefix, lang);
      await toProvider(page, lang);
      await payOnProvider(page, lang, '4000000000000002');
      await expect(page.getByRole('alert')).toContainText(message(lang, 'TestProvider.alerts.declinedTitle'));
      await payOnProvider(page, lang, '4242424242424242');
      await expect(title(page)).toHaveText(message(lang, 'Payments.checkout.states.paid.title'));
      expect(payments(first.reference)).toEqual([expect.objectContaining({ status: 'paid', attempts: 2 })]);

      const second = await checkoutOf(page, prefix, lang);
      await toProvider(page, lang);
      await payOnProvider(page, lang, '4000000000003220');
      await page.getByRole('button', { name: message(lang, 'TestProvider.threeDSConfirm') }).click();
      await expect(title(page)).toHaveText(message(lang, 'Payments.checkout.states.paid.title'));
      expect(payments(second.reference)).toEqual([expect.objectContaining({ status: 'paid', card: 'visa *3220' })]);

      const third = await checkoutOf(page, prefix, lang);
      await toProvider(page, lang);
      await page.getByRole('button', { name: message(lang, 'TestProvider.cancel').replace('{company}', getCompany('bluenet')!.label) }).click();
      await expect(title(page)).toHaveText(message(lang, 'Payments.checkout.states.cancelled.title'));
      expect(payments(third.reference)).toEqual([expect.objectContaining({ status: 'cancelled' })]);
    });
  }
});
