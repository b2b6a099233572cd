import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { handlers, routes } from '@/lib/routes';
import { e2eDataDir } from './support/servers';

/**
 * Issue 39: no route of the site takes a card number. Only the test provider's own page (/test-provider/,
 * outside the site) does. A card posted to every page and API route of the site, as a form and as JSON,
 * under every field name a card form uses, is refused or ignored: never a 5xx, and the number is in no
 * file of the site's data (database, its journal, mail) afterwards. e2e/logs.privacy.ts checks the
 * servers' logs for this number too (it reads the numbers from the tests).
 */
const CARD = '4000056655665556';
const fields = { number: CARD, 'cc-number': CARD, cardnumber: CARD, 'card[number]': CARD, card_number: CARD, pan: CARD, cvc: '123', 'cc-csc': '123', expiry: '12/30', 'cc-exp': '12/30' };
const id = '0b6f4c1e-2f4a-4c83-9a55-6a1f3b2c9d10';

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

test('a card number posted to any route of the site is refused or ignored, and never stored', async ({ request }) => {
  test.setTimeout(120_000);
  // A company's page is served in its own country's editions only (bluenet: Cyprus), the rest in lv-lv.
  const pages = routes.map((route) =>
    `/${route.path.includes('[company]') ? 'cy-el' : 'lv-lv'}${route.path.replace('[payment]', id).replace('[company]', 'bluenet').replace(/\[[a-z]+\]/, 'x')}`.replace(/\/$/, ''),
  );
  // Every route handler of the table but the test provider's page, which takes test cards (above).
  const apis = handlers.filter(({ path }) => !path.startsWith('/test-provider/')).map(({ path }) => path.replace(/\[[a-z]+\]/, 'x'));
  const answers: string[] = [];
  for (const url of [...pages, ...apis]) {
    const form = await request.post(url, { form: fields, maxRedirects: 0 });
    const json = await request.post(url, { data: fields, maxRedirects: 0 });
    answers.push(`${url} ${form.status()} ${json.status()}`);
    expect(form.status(), `${url} (form)`).toBeLessThan(500);
    expect(json.status(), `${url} (JSON)`).toBeLessThan(500);
    expect(await form.text(), url).not.toContain(CARD);
  }
  expect(answers.length).toBeGreaterThan(20);
  const files = filesUnder(e2eDataDir);
  expect(files.some((f) => /\.(db|sqlite)$/.test(f) || f.endsWith('-wal'))).toBe(true);
  for (const file of files) {
    const bytes = fs.readFileSync(file);
    expect(bytes.includes(CARD), file).toBe(false);
    expect(bytes.includes(Buffer.from(CARD, 'utf16le')), file).toBe(false);
  }
});
