import { expect, test, type BrowserContext, type Page } from './fixtures';
import { getCompany } from '@/lib/payments/catalogue';
import { editions, expectNoAxeViolations, message } from './helpers';

// A first visit: no answer to the cookie banner yet.
test.use({ storageState: { cookies: [], origins: [] } });

/** Every request to the tag manager, answered locally with an empty script. */
async function watchTagManager(context: BrowserContext) {
  const hits: string[] = [];
  await context.route('https://www.googletagmanager.com/**', async (route) => {
    hits.push(route.request().url());
    await route.fulfill({ contentType: 'application/javascript', body: '' });
  });
  return hits;
}

const banner = (page: Page, lang: Parameters<typeof message>[0]) => page.getByRole('region', { name: message(lang, 'Consent.label') });
const consentCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'GDPR_ACCEPT')?.value;

test('the banner asks in every edition, in its language, on the first visit', async ({ request }) => {
  for (const edition of editions) {
    const html = await (await request.get(`/${edition.prefix}`)).text();
    expect(html, edition.prefix).toContain(message(edition.language, 'Consent.title'));
    expect(html, edition.prefix).not.toContain('googletagmanager');
  }
});

test('the banner comes right after the skip link in the focus order, and covers nothing', async ({ page }) => {
  for (const [prefix, lang] of [['lv-lv', 'lv'], ['ee-ru', 'ru'], ['cy-el', 'el']] as const) {
    await page.goto(`/${prefix}`);
    await page.keyboard.press('Tab');
    await expect(page.locator('.skip-link, a[href="#main"]').first(), prefix).toBeFocused();
    await page.keyboard.press('Tab');
    const inBanner = () => page.evaluate((label) => Boolean(document.activeElement?.closest(`section[aria-label="${label}"]`)), message(lang, 'Consent.label'));
    expect(await inBanner(), prefix).toBe(true);
    expect(await banner(page, lang).evaluate((e) => getComputedStyle(e).position), prefix).toBe('static');
    await expect(banner(page, lang).getByRole('heading', { name: message(lang, 'Consent.title') }), prefix).toBeVisible();
  }
});

test('lv-lv: nothing goes to the tag manager before consent; accepting by keyboard loads it, and it stays on', async ({ page, context }) => {
  const hits = await watchTagManager(context);
  await page.goto('/lv-lv');
  await expect(banner(page, 'lv')).toBeVisible();
  await expect(banner(page, 'lv').getByRole('link', { name: message('lv', 'Consent.policy') })).toHaveAttribute('href', '/lv-lv/cookie-policy');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: message('lv', 'Nav.about') }).first().click();
  await expect(page).toHaveURL('/lv-lv/about');
  expect(hits).toEqual([]);

  // Keyboard only: the page's content stays reachable, and the banner's buttons are in the tab order.
  const accept = banner(page, 'lv').getByRole('button', { name: message('lv', 'Consent.accept') });
  for (let i = 0; i < 200 && !(await accept.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(accept).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner(page, 'lv')).toBeHidden();
  await expect.poll(() => hits.length).toBe(1);
  expect(hits[0]).toContain('gtm.js?id=GTM-TEST123');
  expect(await consentCookie(context)).toBe('true');

  await page.reload();
  await expect.poll(() => hits.length).toBe(2);
  await expect(banner(page, 'lv')).toHaveCount(0);
});

test('ee-et: rejecting is remembered; the footer link lets the visitor change their mind', async ({ page, context }) => {
  const hits = await watchTagManager(context);
  await page.goto('/ee-et/blog');
  await banner(page, 'et').getByRole('button', { name: message('et', 'Consent.reject') }).click();
  await expect(banner(page, 'et')).toBeHidden();
  expect(await consentCookie(context)).toBe('false');
  await page.goto('/ee-et/faq');
  await expect(banner(page, 'et')).toHaveCount(0);
  expect(hits).toEqual([]);

  await page.getByRole('button', { name: message('et', 'Consent.settings') }).click();
  await expect(banner(page, 'et')).toBeVisible();
  await banner(page, 'et').getByRole('button', { name: message('et', 'Consent.accept') }).click();
  await expect.poll(() => hits.length).toBe(1);
});

test('cy-en: even with consent, the tag manager is not on the checkout page', async ({ page, context }) => {
  const hits = await watchTagManager(context);
  await context.addCookies([{ name: 'GDPR_ACCEPT', value: 'true', domain: 'localhost', path: '/' }]);
  const company = getCompany('pisfitness')!;
  const option = company.services[0]!.options[0]!;
  await page.goto('/cy-en/companies/pisfitness');
  await expect.poll(() => hits.length).toBe(1);
  await page.getByRole('radio', { name: new RegExp(`^${option.label.en}`) }).check();
  await page.locator('#pay-name').fill('Consent Test');
  await page.locator('#pay-email').fill('consent@example.com');
  await page.getByRole('button', { name: message('en', 'Payments.continue') }).click();
  await expect(page).toHaveURL(/\/cy-en\/checkout\//);
  await page.waitForLoadState('load');
  await expect(page.getByRole('button', { name: new RegExp(message('en', 'Payments.checkout.pay').split('{')[0]!) })).toBeVisible();
  await expect(page.locator('script[data-billme-gtm]')).toHaveCount(0);
  const before = hits.length;
  await page.reload();
  await expect(page.getByRole('button', { name: new RegExp(message('en', 'Payments.checkout.pay').split('{')[0]!) })).toBeVisible();
  expect(hits.length).toBe(before);
  await expect(page.locator('script[data-billme-gtm]')).toHaveCount(0);
});
