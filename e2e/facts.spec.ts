import { expect, test } from './fixtures';
import { message } from './helpers';

/**
 * The company facts as a visitor meets them (content/facts.yaml): markers for what nobody has given yet,
 * the pay range and employer on a job ad, offices and addresses from the one set, no token left over.
 */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) => {
    const data = JSON.parse(m[1]!) as Record<string, unknown>;
    return Array.isArray(data['@graph']) ? (data['@graph'] as Record<string, unknown>[]) : [data];
  });

test('a job ad states its gross monthly pay (a marker while nobody has given the range), the employer, and no invented baseSalary', async ({ page }) => {
  await page.goto('/lv-lv/careers/senior-full-stack-engineer');
  const facts = page.locator('dl').first();
  await expect(facts).toContainText('Bruto mēnešalga');
  await expect(facts).toContainText('Darba devējs');
  // Pay and employer nobody has given yet: one styled "to be published" mark each, never a bracketed label.
  await expect(facts.locator('.fact-pending')).toHaveText(['gaida publicēšanu', 'gaida publicēšanu']);
  await expect(facts).not.toContainText('[');
  await expect(page.locator('main')).not.toContainText('vienojamies individuāli');
  const posting = jsonLd(await page.content()).find((d) => d['@type'] === 'JobPosting')!;
  expect(posting.baseSalary).toBeUndefined();
  expect(JSON.stringify(posting)).not.toContain('[');

  await page.goto('/cy-en/careers/customer-support-specialist-limassol');
  await expect(page.locator('dl').first().locator('.fact-pending').first()).toHaveText('to be published');
});

test('the privacy policy names the controller from the facts, one "to be published" mark for unknown details, in the reader’s language', async ({ page }) => {
  await page.goto('/ee-et/privacy-policy');
  const main = page.locator('main');
  await expect(main).toContainText('vastutav töötleja on selle riigi Billme ettevõte');
  // The entity's details once, as one mark: never "registrikood [registrikood]".
  await expect(main).toContainText('Vastutava töötleja andmed selle versiooni puhul: avaldatakse hiljem.');
  await expect(main).not.toContainText('[registrikood]');
  await expect(main.getByRole('link', { name: 'privacy@billme.eu' }).first()).toHaveAttribute('href', 'mailto:privacy@billme.eu');
  await expect(main).toContainText('14 päeva');
  await expect(main).not.toContainText('{{');

  await page.goto('/cy-el/cookie-policy');
  await expect(page.locator('main')).toContainText('ψευδωνυμοποιημένο');
  await expect(page.locator('main')).not.toContainText('ανώνυμα στατιστικά');
});

test('contacts: offices, merchant location and the presentation size come from the facts', async ({ page }) => {
  await page.goto('/lv-ru/contacts');
  const main = page.locator('main');
  await expect(main.locator('ul', { hasText: 'Пальма-де-Мальорка, Испания' })).toContainText('Кипр');
  await expect(main).toContainText('Рига, Латвия');
  await expect(main).not.toContainText('1,65 МБ');
  await expect(main).not.toContainText('{{');
  await expect(page.locator('footer')).toContainText('Пальма-де-Мальорка, Испания');
});

test('a company page shows no invented phone or registration number, demo contacts as text, and says its data is a demo', async ({ page }) => {
  await page.goto('/cy-el/companies/fckrasavaacademy');
  const details = page.locator('aside');
  // A reserved name reaches nobody: shown, never a link.
  await expect(details).toContainText('payments@fckrasava.example');
  await expect(details).toContainText('fckrasava.example');
  await expect(details.getByRole('link')).toHaveCount(0);
  await expect(details).toContainText('Κύπρος');
  await expect(page.locator('main')).toContainText(message('el', 'Payments.demoNotice'));
  await page.goto('/cy-en/companies/fckrasavaacademy');
  await expect(details.locator('a[href^="tel:"]')).toHaveCount(0);
  await expect(details).not.toContainText('HE ');
  await expect(page.locator('main')).not.toContainText('UEFA');
  await expect(page.locator('main')).toContainText('check the total with any service fee');
  await expect(page.locator('main')).not.toContainText('No service fee');
});
