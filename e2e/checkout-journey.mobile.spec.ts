import { expect, test, type Page } from './fixtures';
import { companySlugs, getCompany } from '@/lib/payments/catalogue';
import { expectNoAxeViolations, message } from './helpers';

/**
 * The company payment form on a 360 px phone when something is missing: an error summary at the top
 * of the form, in view and focused, with a link to each field; each error tied to its field; the
 * tab's title says "Error:". Without JavaScript the refused page opens on the same summary.
 */
const donor = companySlugs().find((slug) => getCompany(slug)!.services.some((s) => s.freeAmount))!;
const freeService = getCompany(donor)!.services.find((s) => s.freeAmount)!;
const summary = (page: Page) => page.locator('#pay-errors');
// The companies are all in Cyprus: their pages are in the Cypriot editions only (el, en, ru).

test('cy-en: Continue with nothing chosen shows the summary in view and focused, each link leads to its field', async ({ page }) => {
  await page.goto('/cy-en/companies/bluenet');
  const title = await page.title();
  await page.getByRole('button', { name: message('en', 'Payments.continue') }).click();
  await expect(summary(page)).toBeFocused();
  await expect(summary(page)).toBeInViewport();
  await expect(summary(page)).toHaveAttribute('role', 'alert');
  await expect(summary(page)).toContainText(message('en', 'Forms.errorSummary'));
  await expect(page).toHaveTitle(message('en', 'Forms.errorTitle').replace('{title}', title));
  const links = summary(page).getByRole('link');
  await expect(links).toHaveCount(3); // the choice, the name, the e-mail
  await links.first().click();
  await expect(page.locator('input[name="choice"]').first()).toBeFocused();
  await expect(page.locator('main fieldset').first()).toHaveAttribute('aria-describedby', 'choice-error');
  await summary(page).getByRole('link', { name: new RegExp(message('en', 'Payments.name')) }).click();
  await expect(page.locator('#pay-name')).toBeFocused();
  await expect(page.locator('#pay-name')).toHaveAttribute('aria-describedby', 'pay-name-error');
  // The focused field sits below the sticky header, not under it.
  const header = (await page.getByRole('banner').boundingBox())!;
  expect((await page.locator('#pay-name').boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  await expectNoAxeViolations(page);

  // Corrected, the summary goes and the title is the page's own again.
  await page.locator('input[name="choice"]').first().check();
  await page.locator('#pay-name').fill('Eleni Charalambous');
  await page.locator('#pay-email').fill('eleni@example.com');
  await expect(summary(page).getByRole('link')).toHaveCount(0);
  await expect(page).toHaveTitle(title);
});

test('cy-ru: an amount below the minimum is listed in the summary and tied to the amount field', async ({ page }) => {
  await page.goto(`/cy-ru/companies/${donor}`);
  await page.locator(`#amount-${freeService.id}`).fill('0,50');
  await page.locator('#pay-name').fill('Анна');
  await page.locator('#pay-email').fill('anna@example.com');
  await page.getByRole('button', { name: message('ru', 'Payments.continue') }).click();
  await expect(summary(page)).toBeFocused();
  const link = summary(page).getByRole('link', { name: message('ru', 'Payments.choiceErrors.badAmount') });
  await expect(link).toBeVisible();
  await link.click();
  const amount = page.locator(`#amount-${freeService.id}`);
  await expect(amount).toBeFocused();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`#${(await amount.getAttribute('aria-describedby'))!}`)).toHaveText(message('ru', 'Payments.choiceErrors.badAmount'));
  await expectNoAxeViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('cy-el: the refused page opens on the summary and its title says "Error:"', async ({ page }) => {
    await page.goto('/cy-el/companies/bluenet');
    const title = await page.title();
    await page.getByRole('button', { name: message('el', 'Payments.continue') }).click();
    await expect(page).toHaveTitle(message('el', 'Forms.errorTitle').replace('{title}', title));
    await expect(summary(page)).toBeInViewport();
    await expect(summary(page)).toContainText(message('el', 'Payments.choiceErrors.unknownOption'));
    await expect(summary(page).getByRole('link')).toHaveCount(3);
    // A page drawn for a plain visit keeps its own title.
    await page.goto('/cy-el/companies/bluenet');
    await expect(page).toHaveTitle(title);
  });
});
