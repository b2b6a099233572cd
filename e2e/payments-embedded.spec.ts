import { expect, test } from './fixtures';
import { getCompany } from '@/lib/payments/catalogue';
import { message, payOnProvider, toProvider } from './helpers';
import { remotePort } from './support/servers';

/**
 * The embedded default (PAYMENT_PROVIDER=test, what `npm start` runs with no other service): its
 * provider's page on the site itself, at /test-provider/. On the second test server, reached through
 * another address (127.0.0.1) than its NEXT_PUBLIC_SITE_URL (localhost): the page is on the address the
 * payer came to, so Pay still works, and the payer comes back to the site.
 */
test('the embedded test provider, on a site reached through another address than its own: pay and get the receipt', async ({ page }) => {
  const service = getCompany('bluenet')!.services[0]!;
  const base = `http://127.0.0.1:${remotePort}`;
  await page.goto(`${base}/cy-en/companies/bluenet`);
  await page.locator(`input[name="choice"][value="${service.id}/${service.options[0]!.id}"]`).check();
  await page.locator('#pay-name').fill('Test Payer');
  await page.locator('#pay-email').fill('payer@example.com');
  await page.getByRole('button', { name: message('en', 'Payments.continue') }).click();
  await expect(page).toHaveURL(new RegExp(`^${base}/cy-en/checkout/`), { timeout: 15_000 });
  await toProvider(page, 'en');
  expect(page.url().startsWith(`${base}/test-provider/`)).toBe(true);
  await payOnProvider(page, 'en', '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'Payments.checkout.states.paid.title'));
  await expect(page.locator('main')).toContainText('TestPay');
});
