import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { e2eMetricsPort, serverLogs } from './support/servers';

/**
 * Runs after every other browser test (the `logs` project depends on `desktop` and `phone`): the e-mail
 * addresses, names, phone numbers and card numbers the journeys typed into the site's forms must appear
 * in no line either site server logged during the run, as they must in no metric label.
 *
 * The needles are read from the tests themselves (every e-mail address, card number and phone number
 * literal, and every person-like name given to a field), so a journey added later is covered too.
 */
const e2eDir = path.join(process.cwd(), 'e2e');
const sources = fs
  .readdirSync(e2eDir)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.privacy.ts'))
  .map((file) => fs.readFileSync(path.join(e2eDir, file), 'utf8'))
  .join('\n');

const literal = /'([^'\n]*)'|"([^"\n]*)"|`([^`\n$]*)`/g;
const strings = [...sources.matchAll(literal)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
const emails = new Set(strings.flatMap((s) => s.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? []));
const cards = new Set(strings.filter((s) => /^\d[\d ]{11,22}\d$/.test(s)).map((s) => s.replace(/ /g, '')));
const phones = new Set(strings.filter((s) => /^\+\d[\d ]{6,}\d$/.test(s)).map((s) => s.replace(/ /g, '')));
// What a journey types as a person's (or company's) name: `.fill('Ilze Kalniņa')`, `name: 'Mari Maasikas'`.
const named = /(?:\.fill\(|\b(?:name|payer|company):\s*)'(\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)*)'/gu;
// Words the site itself shows (a language's or country's name picked in the chooser) are not personal.
const siteText = ['messages', 'lib/i18n']
  .flatMap((dir) => fs.readdirSync(dir).map((file) => path.join(dir, file)))
  .filter((file) => fs.statSync(file).isFile())
  .map((file) => fs.readFileSync(file, 'utf8'))
  .join('\n');
const names = new Set(
  [...sources.matchAll(named)].map((m) => m[1]!).filter((name) => name.length >= 4 && /\p{Ll}/u.test(name) && !siteText.includes(name)),
);

/** A name as a word of its own (`Hops` is not in `trustedProxyHops`). */
const namePatterns = [...names].map((name) => [name, new RegExp(`(?<![\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u')] as const);

test('no test data in any server log line, nor in the metrics', async ({ request }) => {
  const lines = serverLogs.flatMap((file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : []));
  // A server reused from before this run (reuseExistingServer) logged elsewhere: nothing to judge.
  expect(lines.length, `server logs of this run: ${serverLogs.join(', ')}`).toBeGreaterThan(100);
  expect(emails.size).toBeGreaterThan(5);
  expect(cards.size).toBeGreaterThan(0);
  expect(names.size).toBeGreaterThan(3);

  const found: string[] = [];
  for (const line of lines) {
    const lower = line.toLowerCase();
    const digits = line.replace(/[ -]/g, '');
    for (const email of emails) if (lower.includes(email.toLowerCase())) found.push(`e-mail ${email}: ${line.slice(0, 200)}`);
    for (const [name, pattern] of namePatterns) if (pattern.test(line)) found.push(`name ${name}: ${line.slice(0, 200)}`);
    for (const number of [...cards, ...phones]) if (digits.includes(number)) found.push(`number ${number}: ${line.slice(0, 200)}`);
  }
  console.log(
    `searched ${lines.length} log lines for ${emails.size} e-mail addresses, ${names.size} names, ${cards.size} card numbers and ${phones.size} phone numbers: ${found.length} found`,
  );
  expect(found).toEqual([]);

  // The metrics carry no label value a visitor chose: none of the needles there either.
  const metrics = await (await request.get(`http://127.0.0.1:${e2eMetricsPort}/metrics`)).text();
  expect(metrics).toContain('billme_http_requests_total');
  for (const needle of [...emails, ...names]) expect(metrics).not.toContain(needle);
});
