import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { parse } from 'yaml';
import { message } from './helpers';
import { HOME_COMPANIES_SHOWN } from '@/lib/limits';

type Lang = Parameters<typeof message>[0];

/** The client companies by country, read here from the YAML files themselves, not from the site's code. */
const countryByName: Record<string, string> = { Latvia: 'lv', Estonia: 'ee', Cyprus: 'cy' };
const companiesDir = path.join(import.meta.dirname, '..', 'content', 'companies');
const companies = readdirSync(companiesDir)
  .filter((file) => file.endsWith('.yaml'))
  .sort()
  .map((file) => {
    const data = parse(readFileSync(path.join(companiesDir, file), 'utf8')) as { label: string; address: string };
    return { slug: file.replace(/\.yaml$/, ''), label: data.label, country: countryByName[data.address.split(',').at(-1)!.trim()] };
  });

const cases: { prefix: string; country: string; lang: Lang }[] = [
  { prefix: 'lv-lv', country: 'lv', lang: 'lv' },
  { prefix: 'ee-ru', country: 'ee', lang: 'ru' },
  { prefix: 'cy-el', country: 'cy', lang: 'el' },
];

for (const { prefix, country, lang } of cases) {
  // The strip is bounded: the first HOME_COMPANIES_SHOWN of the country's companies, in slug order.
  const expected = companies.filter((company) => company.country === country).slice(0, HOME_COMPANIES_SHOWN);

  test(`${prefix}: the client strip links to the pay pages of the edition's own companies`, async ({ page, request }) => {
    await page.goto(`/${prefix}`);
    const title = page.getByRole('heading', { level: 2, name: message(lang, 'Home.clientsTitle') });
    const companyLinks = page.locator('main a[href*="/companies/"]');
    if (expected.length === 0) {
      // No client company of this country: no strip, and no other country's companies in its place.
      await expect(title).toHaveCount(0);
      await expect(companyLinks).toHaveCount(0);
      return;
    }
    await expect(title).toBeVisible();
    const strip = page.getByRole('region', { name: message(lang, 'Home.clientsTitle') });
    const links = strip.getByRole('link');
    await expect(links).toHaveCount(expected.length);
    await expect(companyLinks).toHaveCount(expected.length);
    for (const company of expected) {
      // The tile's name is the company's, then what it bills for and its town.
      const link = strip.getByRole('link', { name: new RegExp(`^${company.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) });
      await expect(link).toHaveAttribute('href', `/${prefix}/companies/${company.slug}`);
      expect((await request.get(`/${prefix}/companies/${company.slug}`)).status(), company.slug).toBe(200);
    }
    const first = expected[0]!;
    await strip.getByRole('link', { name: new RegExp(`^${first.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) }).click();
    await expect(page).toHaveURL(new RegExp(`/${prefix}/companies/${first.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.label);
  });

  test(`${prefix}: the product screens have localized accessible names and nothing to focus`, async ({ page }) => {
    await page.goto(`/${prefix}`);
    const screens = [
      { label: 'Home.app.billsLabel', title: 'Home.app.bills' },
      { label: 'Home.app.autopayLabel', title: 'Home.app.autopay' },
      { label: 'Home.app.metersLabel', title: 'Home.app.meters' },
      { label: 'Business.dashboard.label', title: 'Business.dashboard.title' },
    ];
    for (const screen of screens) {
      const img = page.getByRole('img', { name: message(lang, screen.label), exact: true });
      await expect(img).toBeVisible();
      await expect(img).toContainText(message(lang, screen.title));
    }
    await expect(page.getByRole('img', { name: message(lang, 'Home.app.billsLabel') })).toContainText(message(lang, 'Payments.status.paid'));
    await expect(page.locator('[role="img"] :is(a, button, input, select, textarea, [tabindex])')).toHaveCount(0);

    await page.goto(`/${prefix}/business`);
    const dashboard = page.getByRole('img', { name: message(lang, 'Business.dashboard.label'), exact: true });
    await expect(dashboard).toBeVisible();
    for (const status of ['paid', 'processing', 'paidExternally', 'fail']) {
      await expect(dashboard).toContainText(message(lang, `Payments.status.${status}`));
    }
  });
}

test('the business pricing states the terms without inventing prices', async ({ page }) => {
  await page.goto('/lv-en/business');
  const pricing = page.getByRole('region', { name: message('en', 'Business.pricingTitle') });
  await expect(pricing).toContainText(message('en', 'Business.pricingCustomersText'));
  await expect(pricing).toContainText(message('en', 'Business.pricingBusinessText'));
  await expect(pricing).not.toContainText(/\d|€/);
  await expect(pricing.getByRole('link', { name: message('en', 'Business.pricingCta') })).toHaveAttribute('href', '/lv-en/business-start-form');
});
