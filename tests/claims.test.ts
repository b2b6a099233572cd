import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteDomain } from '@/lib/facts/facts';
import { isReservedHost } from './support/reserved';

/**
 * Every claim has one source: an e-mail address, the service's domain, an app store id, a published
 * figure or a fee statement is written in content/facts.yaml (and shown through a {{facts.…}} token or
 * lib/facts), never by hand in the content, the messages, the code or the presentation. Demo data under
 * reserved names (acliver.example) is not a claim. Fee statements: the ones that contradicted terms §5
 * (a service fee may apply per company and per invoice), in each language.
 */

const ROOTS = ['content', 'messages', 'lib', 'components', 'app', 'scripts/presentation/slides.html'];
/** Where the facts live, and the translators' guides (number-format examples, not claims). */
const SOURCES = new Set([path.join('content', 'facts.yaml')]);
const isGuide = (file: string) => file.startsWith(path.join('messages', 'glossary'));
/** What a visitor reads: content, message catalogues, the slides. Figures are looked for only there. */
const isText = (file: string) => /^(content|messages)[/\\]|slides\.html$/.test(file);

const EMAIL = /[A-Za-z0-9._%+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;
const APP_ID = /apps\.apple\.com\/\S*id\d+|play\.google\.com\/store\/apps\/details\?id=[\w.]+/g;
// The published figures, as any edition writes them: 180+ companies, 100 000 / 100,000 / 100.000 users.
const FIGURE = /(?<![\d.,])180\s*\+|(?:more than|vairāk nekā|более|üle|περισσότερες από)\s180(?!\d)|(?<![\d.,])100[\s\u00a0\u202f,.]000(?![\d.,])/g;
const FEE = [
  /no (?:service )?fee for (?:customers|payers)|at no cost to customers|never by its customers|pay only for what they use|no service fee is added|customers pay no fee/gi,
  /maksātājiem bez pakalpojuma maksas|maksā tikai par to, ko izmanto|pakalpojuma maksa netiek pievienota|klienti nemaksā/gi,
  /без комиссии для плательщиков|платят только за то|не добавляется|клиенты не платят/gi,
  /maksjale teenustasuta|klientidele täiesti tasuta|ainult selle eest, mida nad kasutavad|teenustasu ei lisandu|kliendid ei maksa/gi,
  /χωρίς καμία χρέωση για τ|μόνο για ό,τι χρησιμοποιούν|δεν προστίθεται χρέωση|οι πελάτες δεν πληρώνουν/gi,
];

/** Where the company began: not in the facts, so no page may say it (each language's wording of it). */
const ORIGIN = /started in Latvia|aizsākās Latvijā|появился в Латвии|sai alguse Lätis|ξεκίνησε στη Λετονία/gi;

/** "παράδειγμα" ("example") in ASCII form: the IDN example of lib/privacy's comments, not an address anyone uses. */
const EXAMPLE_IDN = /(?:^|\.)xn--hxajbheg2az3al\./;

/** The claims a file's text states by hand. */
export function strayClaims(text: string, file: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(EMAIL)) if (!isReservedHost(m[1]!) && !EXAMPLE_IDN.test(m[1]!)) found.push(m[0]);
  for (const m of text.matchAll(new RegExp(siteDomain.replaceAll('.', '\\.'), 'gi'))) found.push(m[0]);
  for (const m of text.matchAll(APP_ID)) found.push(m[0]);
  if (isText(file)) {
    for (const m of text.matchAll(FIGURE)) found.push(m[0]);
    for (const fee of FEE) for (const m of text.matchAll(fee)) found.push(m[0]);
    for (const m of text.matchAll(ORIGIN)) found.push(m[0]);
  }
  return found;
}

function files(root: string): string[] {
  if (!fs.statSync(root).isDirectory()) return [root];
  return fs.readdirSync(root, { withFileTypes: true }).flatMap((entry) => files(path.join(root, entry.name)));
}

describe('claims', () => {
  it('finds a hand-written address, domain, app id, figure and fee statement (the test can fail)', () => {
    expect(strayClaims('write to support@billme.eu', 'content/guides/en/x.md')).toEqual(['support@billme.eu', 'billme.eu']);
    expect(strayClaims('https://app.billme.eu/login', 'lib/env.ts')).toEqual(['billme.eu']);
    expect(strayClaims('https://apps.apple.com/app/billme/id1488398734', 'lib/env.ts')).toEqual(['apps.apple.com/app/billme/id1488398734']);
    expect(strayClaims('more than 180 companies and 100,000 users', 'content/faq/en.yaml')).toEqual(['more than 180', '100,000']);
    expect(strayClaims('Billme started in Latvia with a simple idea', 'messages/en.json')).toEqual(['started in Latvia']);
    expect(strayClaims('Χωρίς καμία χρέωση για τον πληρωτή.', 'messages/el.json')).toHaveLength(1);
    expect(strayClaims('payments@acliver.example, {{facts.email.support}}, a 180 € fee', 'content/companies/x.yaml')).toEqual([]);
  });

  it('no e-mail address, domain, app id, figure or fee statement is written outside content/facts.yaml', () => {
    const stray: string[] = [];
    for (const file of ROOTS.flatMap(files)) {
      if (SOURCES.has(file) || isGuide(file) || !/\.(md|ya?ml|json|tsx?|mjs|html|css)$/.test(file)) continue;
      for (const claim of strayClaims(fs.readFileSync(file, 'utf8'), file)) stray.push(`${file}: ${claim}`);
    }
    expect(stray).toEqual([]);
  });
});
