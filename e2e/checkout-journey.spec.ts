import { expect, test, type Page } from './fixtures';
import { getCompany } from '@/lib/payments/catalogue';
import { message, payOnProvider, toProvider } from './helpers';

/**
 * A declined card, at tablet and desktop widths and at 200 % zoom: said on the provider's page with the
 * card form right under it; back on the site, the declined state is whole below the header with Pay again.
 */
async function startPayment(page: Page) {
  const service = getCompany('bluenet')!.services[0]!;
  // bluenet is in Cyprus: it is paid in the Cypriot editions only (cy-el writes its amounts "45,00 €", as the test reads them).
  await page.goto('/cy-el/companies/bluenet');
  await page.locator(`input[name="choice"][value="${service.id}/${service.options[0]!.id}"]`).check();
  await page.locator('#pay-name').fill('Test Payer');
  await page.locator('#pay-email').fill('payer@example.com');
  await page.getByRole('button', { name: message('el', 'Payments.continue') }).click();
  await expect(page).toHaveURL(/\/cy-el\/checkout\//);
}

for (const [width, height] of [[768, 900], [1024, 700], [1280, 800], [640, 400]] as const) {
  test(`at ${width}x${height}: a declined card is said above the card form; the site's declined state has Pay again in view`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await startPayment(page);
    const checkout = page.url();
    // On a desktop the summary sits beside the payment step.
    if (width >= 1024) {
      // The large amount of the summary: the one text that is only a sum in euros.
      const amount = (await page.locator('main').getByText(/^[\d\s\u00a0.,]+€$/).first().boundingBox())!;
      const pay = (await page.getByRole('button', { name: new RegExp(message('el', 'Payments.checkout.pay').split('{')[0]!) }).boundingBox())!;
      expect(pay.x).toBeGreaterThan(amount.x + amount.width);
    }
    await toProvider(page, 'el');
    await payOnProvider(page, 'el', '4000 0000 0000 0002');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(message('el', 'TestProvider.alerts.declinedText'));
    const box = (await alert.boundingBox())!;
    const form = (await page.locator('#number').boundingBox())!;
    expect(form.y).toBeGreaterThan(box.y);
    await page.goto(checkout);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('el', 'PaymentOutcome.declinedTitle'));
    const header = (await page.getByRole('banner').boundingBox())!;
    const again = page.getByRole('button', { name: new RegExp(message('el', 'Payments.checkout.payAgain').split('{')[0]!) });
    await expect(again).toBeInViewport();
    const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    expect(title.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
  });
}
