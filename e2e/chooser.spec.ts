import { expect, test } from './fixtures';
import { chooserButton, message } from './helpers';

test('the chooser is a labelled modal that keeps focus inside and closes with Esc or the close button', async ({ page }) => {
  await page.goto('/lv-en/about');
  const trigger = chooserButton(page, 'en');
  await trigger.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: message('en', 'Chooser.title') });
  await expect(dialog).toBeVisible();

  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await dialog.getByRole('button', { name: message('en', 'Chooser.close') }).click();
  await expect(dialog).toBeHidden();
});

test('Apply takes the visitor to the same page in the chosen edition and remembers it', async ({ page, context }) => {
  await page.goto('/lv-en/about');
  await chooserButton(page, 'en').click();
  const dialog = page.getByRole('dialog');
  // Country, then language: two short groups.
  await dialog.getByRole('group', { name: message('en', 'Chooser.country') }).getByRole('radio', { name: 'Cyprus' }).check();
  const languages = dialog.getByRole('group', { name: message('en', 'Chooser.language') });
  // Only Cyprus's languages are offered now.
  await expect(languages.getByRole('radio', { name: 'Latviešu' })).toBeHidden();
  await languages.getByRole('radio', { name: 'Ελληνικά' }).check();
  await dialog.getByRole('button', { name: message('en', 'Chooser.apply') }).click();
  await expect(page).toHaveURL(/\/cy-el\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'el-CY');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('el', 'About.title'));

  const cookie = (await context.cookies()).find((c) => c.name === 'BILLME_LOCALE');
  expect(cookie?.value).toBe('el-CY');
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

  await page.goto('/');
  await expect(page).toHaveURL(/\/cy-el$/);
});

test('Apply on a page the chosen edition lacks goes to that edition home', async ({ page }) => {
  await page.goto('/ee-et/no-such-page');
  await chooserButton(page, 'et').click();
  await page.getByRole('radio', { name: new Intl.DisplayNames(['et-EE'], { type: 'region' }).of('CY')! }).check();
  await page.getByRole('radio', { name: 'Русский' }).check();
  await page.getByRole('button', { name: message('et', 'Chooser.apply') }).click();
  await expect(page).toHaveURL(/\/cy-ru$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('ru', 'Home.heroTitle'));
});

test('a country whose languages lack the chosen one gets its own language checked', async ({ page }) => {
  await page.goto('/ee-et/about');
  await chooserButton(page, 'et').click();
  const dialog = page.getByRole('dialog');
  const languages = dialog.getByRole('group', { name: message('et', 'Chooser.language') });
  await expect(languages.getByRole('radio', { name: 'Eesti' })).toBeChecked();
  await dialog.getByRole('group', { name: message('et', 'Chooser.country') }).getByRole('radio', { name: new Intl.DisplayNames(['et-EE'], { type: 'region' }).of('LV')! }).check();
  await expect(languages.getByRole('radio', { name: 'Latviešu' })).toBeChecked();
  await dialog.getByRole('button', { name: message('et', 'Chooser.apply') }).click();
  await expect(page).toHaveURL(/\/lv-lv\/about$/);
});
