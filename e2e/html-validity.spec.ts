import { expect, test } from './fixtures';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { localContent } from '@/lib/content/local';
import { message } from './helpers';

/**
 * Every route's served HTML through the Nu HTML Checker (npm vnu-jar; Java). One page per route
 * pattern, in editions of all three countries, plus the 404 page and a checkout.
 */
test('every route serves valid HTML (Nu checker, errors only)', async ({ request, page }) => {
  test.setTimeout(180_000);
  const en = localContent('en');
  const el = localContent('el');
  const paths = [
    '/lv-lv', '/lv-lv/about', '/lv-lv/business', '/lv-en/blog', `/lv-en/blog/${en.articles[0]!.slug}`, '/ee-et/guides', '/ee-et/guides?q=kaart',
    `/ee-en/guides/${en.guides[0]!.slug}`, '/ee-ru/faq', '/ee-ru/faq?q=карта', `/cy-el/faq/${el.faq[0]!.slug}`, '/cy-el/careers',
    `/cy-en/careers/${en.vacancies[0]!.slug}`, '/cy-ru/privacy-policy', '/lv-lv/cookie-policy', '/lv-ru/contacts', '/lv-en/ask-question',
    '/ee-et/business-start-form', '/cy-el/form-success', '/cy-en/companies/bluenet', '/cy-el/companies/fckrasavaacademy', '/lv-en/no-such-page',
  ];
  // A checkout page needs a payment: make one through the company page.
  await page.goto('/cy-en/companies/ucity');
  await page.getByRole('radio').first().check();
  await page.locator('#pay-name').fill('HTML Check');
  await page.locator('#pay-email').fill('html@example.com');
  await page.getByRole('button', { name: message('en', 'Payments.continue') }).click();
  await expect(page).toHaveURL(/\/checkout\//);
  paths.push(new URL(page.url()).pathname);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-html-'));
  for (const [i, p] of paths.entries()) {
    const response = await request.get(p);
    expect([200, 404], p).toContain(response.status());
    fs.writeFileSync(path.join(dir, `${String(i).padStart(2, '0')}.html`), await response.text());
  }
  const jar = path.join(process.cwd(), 'node_modules/vnu-jar/build/dist/vnu.jar');
  let report = '';
  try {
    execFileSync('java', ['-jar', jar, '--errors-only', '--format', 'gnu', '--skip-non-html', dir], { stdio: 'pipe' });
  } catch (error) {
    report = String((error as { stderr?: Buffer }).stderr ?? error);
  }
  const named = report.replace(new RegExp(`${dir}/(\\d+)\\.html`, 'g'), (_, n: string) => paths[Number(n)]!);
  expect(named.trim()).toBe('');
});
