import { expect, test, type Page } from './fixtures';
import { getCompany } from '@/lib/payments/catalogue';
import { testCards } from '@/lib/payments/sandbox/cards';
import { message, payOnProvider, toProvider } from './helpers';

/**
 * The full matrix of the checkout against the sandbox provider on its own origin (issue 46): every test
 * card's verdict, 3-D Secure confirmed and not, cancel at the provider and on the site, with and without
 * JavaScript, at 360 and 1280 px. Not in the README's test command (the browser suite runs a subset that
 * covers each verdict): `bash scripts/payments-matrix.sh`.
 */
type Lang = Parameters<typeof message>[0];
// bluenet is in Cyprus: its page is in the Cypriot editions only.
const lang: Lang = 'el';
const bluenet = getCompany('bluenet')!;
const service = bluenet.services[0]!;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function atProvider(page: Page): Promise<string> {
  await page.goto('/cy-el/companies/bluenet');
  await page.locator(`input[name="choice"][value="${service.id}/${service.options[0]!.id}"]`).check();
  await page.locator('#pay-name').fill('Matrix Payer');
  await page.locator('#pay-email').fill('matrix@example.com');
  await page.getByRole('button', { name: message(lang, 'Payments.continue') }).click();
  await expect(page).toHaveURL(/\/cy-el\/checkout\/[0-9a-f-]{36}(#pay-errors)?$/);
  const checkout = page.url().replace(/#.*$/, '');
  await toProvider(page, lang);
  return checkout;
}

const journeys: Record<string, (page: Page) => Promise<void>> = {
  ...Object.fromEntries(
    Object.entries(testCards).map(([number, outcome]) => [
      `card ${number} (${outcome})`,
      async (page: Page) => {
        const checkout = await atProvider(page);
        await payOnProvider(page, lang, number);
        if (outcome === 'success') return void (await expect(h1(page)).toHaveText(message(lang, 'Payments.checkout.states.paid.title')));
        if (outcome === 'declined' || outcome === 'expired') {
          await expect(page.getByRole('alert')).toContainText(message(lang, `TestProvider.alerts.${outcome}Title`));
          await page.goto(checkout);
          return void (await expect(h1(page)).toHaveText(message(lang, `PaymentOutcome.${outcome}Title`)));
        }
        if (outcome === 'processingError') {
          await expect(h1(page)).toHaveText(message(lang, 'PaymentOutcome.errorTitle'));
          return void (await expect(page.locator('main')).toContainText(message(lang, 'PaymentOutcome.errorText')));
        }
        if (outcome === 'threeDSecure') {
          await page.getByRole('button', { name: message(lang, 'TestProvider.threeDSConfirm') }).click();
          return void (await expect(h1(page)).toHaveText(message(lang, 'Payments.checkout.states.paid.title')));
        }
        await expect(h1(page)).toHaveText(message(lang, 'TestProvider.closesTitle'));
        await page.goto(checkout);
        await expect(h1(page)).toHaveText(message(lang, 'Payments.checkout.states.paid.title'));
      },
    ]),
  ),
  '3-D Secure not confirmed': async (page) => {
    await atProvider(page);
    await payOnProvider(page, lang, '4000000000003220');
    await page.getByRole('button', { name: message(lang, 'TestProvider.threeDSFail') }).click();
    await expect(page.getByRole('alert')).toContainText(message(lang, 'TestProvider.alerts.authFailedTitle'));
  },
  'cancel at the provider': async (page) => {
    await atProvider(page);
    await page.getByRole('button', { name: message(lang, 'TestProvider.cancel').replace('{company}', bluenet.label) }).click();
    await expect(h1(page)).toHaveText(message(lang, 'Payments.checkout.states.cancelled.title'));
  },
  'cancel on the site after a decline': async (page) => {
    const checkout = await atProvider(page);
    const hosted = page.url();
    await payOnProvider(page, lang, '4000000000000002');
    await page.goto(`${checkout}?cancel=confirm`);
    await page.getByRole('button', { name: message(lang, 'Payments.checkout.cancelConfirm') }).click();
    await expect(h1(page)).toHaveText(message(lang, 'Payments.checkout.states.cancelled.title'));
    await page.goto(hosted);
    await expect(h1(page)).toHaveText(message(lang, 'TestProvider.endedTitle'));
  },
};

for (const javaScriptEnabled of [true, false]) {
  for (const width of [360, 1280]) {
    test.describe(`${javaScriptEnabled ? 'JavaScript' : 'no JavaScript'}, ${width} px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 800 } });
      for (const [name, journey] of Object.entries(journeys)) {
        test(name, async ({ page }) => {
          await journey(page);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        });
      }
    });
  }
}
