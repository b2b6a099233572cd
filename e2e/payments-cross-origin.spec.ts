import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from './fixtures';
import { getCompany } from '@/lib/payments/catalogue';
import { formatEuros } from '@/lib/payments/price';
import { shortReference } from '@/components/payments/reference';
import { editionByPrefix } from '@/lib/i18n/editions';
import { message, payOnProvider, toProvider, watchProblems } from './helpers';
import { sandboxPageOrigin, storedJson } from './support/servers';

/**
 * Issue 46: production's path. The main server pays through the sandbox provider on its own origin,
 * cross-site from `localhost` (its API and its hosted page on two other loopback addresses; the hosted
 * page's address is the one its API answers at run time). The checkout's CSP names that origin in
 * form-action (PAYMENT_HOSTED_ORIGINS), the other pages' do not; with `form-action 'self'` alone
 * Chromium blocks the Pay form's 303 and the payer stays on the checkout (checked before the change).
 */
type Lang = Parameters<typeof message>[0];
// Every company is in Cyprus and is paid only in its country's editions: the three Cypriot ones.
const editions: [string, Lang][] = [['cy-el', 'el'], ['cy-en', 'en'], ['cy-ru', 'ru']];
const bluenet = getCompany('bluenet')!;
const service = bluenet.services[0]!;
const option = service.options.find((o) => !o.discountPercent)!;

async function checkout(page: Page, prefix: string, lang: Lang, reference = `xo-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`) {
  await page.goto(`/${prefix}/companies/bluenet`);
  await page.locator(`input[name="choice"][value="${service.id}/${option.id}"]`).check();
  await page.locator('#pay-name').fill('Test Payer');
  await page.locator('#pay-email').fill('payer@example.com');
  await page.locator('#pay-reference').fill(reference);
  await page.getByRole('button', { name: message(lang, 'Payments.continue') }).click();
  // The checkout loads as a document of its own (its CSP): on a busy machine that takes a few seconds.
  await expect(page).toHaveURL(new RegExp(`/${prefix}/checkout/[0-9a-f-]{36}(#pay-errors)?$`), { timeout: 15_000 });
  return { reference, url: page.url().replace(/#.*$/, ''), id: page.url().replace(/#.*$/, '').split('/').at(-1)! };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });
    for (const [prefix, lang] of editions) {
      test(`${prefix}: Pay leads from the checkout to the provider's hosted page on its own origin`, async ({ page }) => {
        const problems = await watchProblems(page);
        await checkout(page, prefix, lang);
        await toProvider(page, lang);
        expect(new URL(page.url()).origin).toBe(sandboxPageOrigin);
        await expect(page.locator('main')).toContainText(formatEuros(option.price, editionByPrefix(prefix)!.locale));
        await expect(page.getByText(message(lang, 'TestProvider.testMode'))).toBeVisible();
        expect(problems).toEqual([]);
      });
    }
  });
}

test('the provider\'s origin is in form-action on the checkout page only', async ({ page, request }) => {
  const { url } = await checkout(page, 'cy-el', 'el');
  const csp = (path: string) => request.get(path).then((r) => r.headers()['content-security-policy'] ?? '');
  expect(await csp(new URL(url).pathname)).toContain(`form-action 'self' ${sandboxPageOrigin};`);
  for (const path of ['/lv-lv', '/cy-el', '/cy-el/companies/bluenet', '/lv-lv/ask-question']) expect(await csp(path), path).toContain("form-action 'self';");
});

test('cy-el: a site cancel after a decline leaves nothing payable at the provider', async ({ page }) => {
  const { url, reference } = await checkout(page, 'cy-el', 'el');
  await toProvider(page, 'el');
  const hosted = page.url();
  await payOnProvider(page, 'el', '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toContainText(message('el', 'TestProvider.alerts.declinedTitle'));
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('el', 'PaymentOutcome.declinedTitle'));
  await page.getByRole('link', { name: message('el', 'Payments.checkout.cancel') }).click();
  await page.getByRole('button', { name: message('el', 'Payments.checkout.cancelConfirm') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('el', 'Payments.checkout.states.cancelled.title'));
  // The provider's page, still open in the payer's history, takes no card any more.
  await page.goto(hosted);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('el', 'TestProvider.endedTitle'));
  await expect(page.locator('#number')).toHaveCount(0);
  expect(storedJson('payments').filter((p) => p.reference === reference)).toEqual([expect.objectContaining({ status: 'cancelled' })]);
});

test('cy-en: the payer who pays and closes the page (…0077) finds the receipt, not a second payment, and downloads it as a PDF', async ({ page, request }) => {
  const { url, reference, id } = await checkout(page, 'cy-en', 'en');
  await toProvider(page, 'en');
  await payOnProvider(page, 'en', '4000 0000 0000 0077');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'TestProvider.closesTitle'));
  // The checkout link opened later asks the provider first.
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'Payments.checkout.states.paid.title'));
  await expect(page.getByRole('button', { name: new RegExp(message('en', 'Payments.checkout.payAgain').split('{')[0]!) })).toHaveCount(0);
  await expect(page.locator('main')).toContainText(message('en', 'PaymentOutcome.issuer'));
  expect(storedJson('payments').filter((p) => p.reference === reference)).toEqual([expect.objectContaining({ status: 'paid', card: 'visa *0077' })]);

  const href = (await page.getByRole('link', { name: message('en', 'PaymentOutcome.downloadPdf') }).getAttribute('href'))!;
  const pdf = await request.get(href);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toContain(`receipt-${shortReference(id)}.pdf`);
  const text = execFileSync('pdftotext', ['-', '-'], { input: await pdf.body() }).toString().replace(/\s+/g, ' ');
  expect(text).toContain(formatEuros(option.price, 'en-CY').replace(/\s/g, ' '));
  expect(text).toContain(service.label.en);
  expect(text).toContain(shortReference(id));
  expect(text).toMatch(/20\d\d/);
  expect(text).toContain(reference);
});

test('cy-ru: a card number typed in the payer\'s reference is refused, said in the payer\'s language and never stored', async ({ page }) => {
  const card = '4242 4242 4242 4242';
  await page.goto('/cy-ru/companies/bluenet');
  await page.locator(`input[name="choice"][value="${service.id}/${option.id}"]`).check();
  await page.locator('#pay-name').fill('Test Payer');
  await page.locator('#pay-email').fill('payer@example.com');
  await page.locator('#pay-reference').fill(`${card} 12/30 123`);
  await page.getByRole('button', { name: message('ru', 'Payments.continue') }).click();
  await expect(page.locator('#pay-errors')).toContainText(message('ru', 'Forms.errors.cardNumber'));
  await expect(page).toHaveURL(/\/cy-ru\/companies\/bluenet/);
  // A real reference (an RF creditor reference) passes.
  await page.locator('#pay-reference').fill('RF18 5390 0754 7034');
  await page.getByRole('button', { name: message('ru', 'Payments.continue') }).click();
  await expect(page).toHaveURL(/\/cy-ru\/checkout\//, { timeout: 15_000 });
});
