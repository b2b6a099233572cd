import { expect, test, type Page } from './fixtures';
import { getCompany } from '@/lib/payments/catalogue';
import { fillCard, message } from './helpers';

/** A checkout result, focused, lies whole below the sticky header at tablet and desktop widths and at 200 % zoom. */
async function startPayment(page: Page) {
  const service = getCompany('bluenet')!.services[0]!;
  await page.goto('/lv-lv/companies/bluenet');
  await page.locator(`input[name="choice"][value="${service.id}/${service.options[0]!.id}"]`).check();
  await page.locator('#pay-name').fill('Test Payer');
  await page.locator('#pay-email').fill('payer@example.com');
  await page.getByRole('button', { name: message('lv', 'Payments.continue') }).click();
  await expect(page).toHaveURL(/\/lv-lv\/checkout\//);
}

for (const [width, height] of [[768, 900], [1024, 700], [1280, 800], [640, 400]] as const) {
  test(`at ${width}x${height}: a declined card's result is whole below the header, says nothing was charged, and the card form follows it`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await startPayment(page);
    await fillCard(page, '4000 0000 0000 0002');
    await page.locator('#cc-csc').press('Enter');
    const outcome = page.locator('#card-outcome');
    await expect(outcome).toBeFocused();
    await expect(outcome).toContainText(message('lv', 'Payments.checkout.declinedText'));
    const header = (await page.getByRole('banner').boundingBox())!;
    expect(header.height).toBeLessThanOrEqual(66);
    // Focus scrolls smoothly: wait until the result rests, then it must sit below the header.
    await expect.poll(() => outcome.evaluate((e) => Math.round(e.getBoundingClientRect().top))).toBeGreaterThanOrEqual(Math.floor(header.y + header.height));
    await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))));
    const box = (await outcome.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
    // The next try is right under the result: the card form comes before the summary.
    const form = (await page.locator('#card-form').boundingBox())!;
    const summary = (await page.locator('#summary-title').boundingBox())!;
    expect(form.y).toBeLessThan(summary.y);
    expect(form.y - (box.y + box.height)).toBeLessThan(80);
  });
}
