import { expect, test } from './fixtures';
import { chooserButton, editions, expectNoAxeViolations, message, watchProblems } from './helpers';

const pages = [
  { path: '', heading: 'Home.heroTitle' },
  { path: '/about', heading: 'About.title' },
  { path: '/business', heading: 'Business.title' },
];

for (const edition of editions) {
  for (const { path, heading } of pages) {
    test(`${edition.prefix}${path || '/'} is translated, secure, hydrated and accessible`, async ({ page }) => {
      const problems = await watchProblems(page);
      const response = await page.goto(`/${edition.prefix}${path}`);
      expect(response?.status()).toBe(200);

      const headers = response!.headers();
      expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
      expect(headers['content-security-policy']).toContain("object-src 'none'");
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['x-powered-by']).toBeUndefined();

      await expect(page.locator('html')).toHaveAttribute('lang', edition.locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(message(edition.language, heading));
      await expect(page.getByRole('navigation', { name: message(edition.language, 'Nav.main') })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(message(edition.language, 'Footer.presentation'));

      // Hydrated: the chooser (a client island) opens its dialog.
      await chooserButton(page, edition.language).click();
      await expect(page.getByRole('dialog', { name: message(edition.language, 'Chooser.title') })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      // Every edition's home page; e2e/a11y.spec.ts checks each route (these three too) in two editions.
      if (path === '') await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
    });
  }
}

test('the Latvian edition states the company and user counts; the others do not', async ({ page }) => {
  await page.goto('/lv-lv');
  await expect(page.getByText('180+')).toBeVisible();
  await expect(page.getByText('100 000', { exact: true })).toBeVisible();
  await page.goto('/cy-en');
  await expect(page.getByText('180+')).toHaveCount(0);
});

test('the presentation download is a real PDF with its size shown', async ({ page, request }) => {
  await page.goto('/lv-en');
  const link = page.getByRole('link', { name: /Billme presentation/ });
  await expect(link).toContainText(/PDF, \d+(\.\d+)? (kB|KB|MB)/);
  const pdf = await request.get((await link.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('the login links lead to the configured external addresses', async ({ page }) => {
  await page.goto('/ee-et');
  // In the header's "Log in" menu (a modal dialog) from 768 px.
  await page.getByRole('banner').getByRole('button', { name: message('et', 'Common.login'), exact: true }).click();
  await expect(page.getByRole('dialog', { name: message('et', 'Common.login') })).toBeVisible();
  const privateLogin = page.getByRole('link', { name: message('et', 'Common.loginPrivate') }).first();
  await expect(privateLogin).toHaveAttribute('href', /^https:\/\//);
  const businessLogin = page.getByRole('link', { name: message('et', 'Common.loginBusiness') }).first();
  await expect(businessLogin).toHaveAttribute('href', /^https:\/\//);
  expect(await privateLogin.getAttribute('href')).not.toBe(await businessLogin.getAttribute('href'));
});

test('a hero image is preloaded and the favicon exists', async ({ page, request }) => {
  const response = await page.goto('/lv-lv/about');
  expect(response!.headers()['link'] ?? '').toContain('about-team.svg');
  expect((await request.get('/favicon.ico')).status()).toBe(200);
});
