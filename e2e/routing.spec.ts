import { expect, test } from './fixtures';
import { editions, expectNoAxeViolations, message } from './helpers';

const noFollow = { maxRedirects: 0 } as const;

test.describe('redirects', () => {
  test('/ and unprefixed paths go to the visitor edition: cookie, then Accept-Language, then lv-lv', async ({ request }) => {
    const plain = await request.get('/about', noFollow);
    expect(plain.status()).toBe(307);
    expect(plain.headers()['location']).toMatch(/\/lv-lv\/about$/);

    const greek = await request.get('/about?x=1', { ...noFollow, headers: { 'Accept-Language': 'el-GR,el;q=0.9' } });
    expect(greek.headers()['location']).toMatch(/\/cy-el\/about\?x=1$/);

    const cookie = await request.get('/', { ...noFollow, headers: { Cookie: 'BILLME_LOCALE=ru-EE', 'Accept-Language': 'el' } });
    expect(cookie.headers()['location']).toMatch(/\/ee-ru$/);

    const bogus = await request.get('/', { ...noFollow, headers: { Cookie: 'BILLME_LOCALE=%3Cscript%3E', 'Accept-Language': 'et' } });
    expect(bogus.headers()['location']).toMatch(/\/ee-et$/);
    expect(bogus.headers()['set-cookie'] ?? '').not.toContain('script');
  });

  test('a prefix in the wrong case redirects to the lowercase one', async ({ request }) => {
    const response = await request.get('/LV-EN/about', noFollow);
    expect(response.status()).toBe(308);
    expect(response.headers()['location']).toMatch(/\/lv-en\/about$/);
  });

  const legacy: [string, RegExp][] = [
    ['/terms-and-conditions', /\/lv-lv\/terms-and-conditions$/],
    ['/privacy-policy', /\/lv-lv\/privacy-policy$/],
    ['/index/privacy', /\/lv-lv\/privacy-policy$/],
    ['/faqs', /\/lv-lv\/faq$/],
    ['/lv/about', /\/lv-lv\/about$/],
    ['/en/about', /\/lv-en\/about$/],
    ['/cy', /\/cy-el$/],
    ['/et/business', /\/ee-et\/business$/],
  ];
  for (const [from, to] of legacy) {
    test(`old link ${from} redirects permanently`, async ({ request }) => {
      const response = await request.get(from, noFollow);
      expect(response.status()).toBe(308);
      expect(response.headers()['location']).toMatch(to);
    });
  }
});

test.describe('cookies', () => {
  test('visiting an edition stores the locale for 365 days and the country', async ({ request }) => {
    const response = await request.get('/cy-ru', { headers: { 'Accept-Language': 'lv' } });
    const cookies = response.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie').map((h) => h.value);
    const locale = cookies.find((c) => c.startsWith('BILLME_LOCALE='));
    expect(locale).toMatch(/^BILLME_LOCALE=ru-CY;/);
    expect(locale).toContain('Max-Age=31536000');
    expect(locale?.toLowerCase()).toContain('samesite=lax');
    expect(locale).not.toContain('Secure');
    expect(cookies.find((c) => c.startsWith('BILLME_COUNTRY='))).toMatch(/^BILLME_COUNTRY=cy;/);
  });

});

test.describe('404', () => {
  for (const edition of editions) {
    test(`${edition.prefix}: an unknown page is a translated 404 with a link home`, async ({ page }) => {
      const response = await page.goto(`/${edition.prefix}/no-such-page`);
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', edition.locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
      const text = message(edition.language, 'Errors.notFoundText').replace(/<\/?home>/g, '');
      await expect(page.getByRole('main')).toContainText(text);
      const linkText = message(edition.language, 'Errors.notFoundText').match(/<home>(.*)<\/home>/)![1]!;
      await page.getByRole('main').getByRole('link', { name: linkText }).click();
      await expect(page).toHaveURL(new RegExp(`/${edition.prefix}$`));
    });
  }

  test('an unknown prefix is a 404 in the visitor edition, and is accessible', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'BILLME_LOCALE', value: 'et-EE', url: baseURL! }]);
    const response = await page.goto('/xx-yy/about');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'et-EE');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
    await expectNoAxeViolations(page);
  });

  test('deeper unknown paths and unknown files are 404s too', async ({ request }) => {
    expect((await request.get('/lv-en/about/extra')).status()).toBe(404);
    expect((await request.get('/api/nope')).status()).toBe(404);
    expect((await request.get('/nope.txt')).status()).toBe(404);
  });
});
