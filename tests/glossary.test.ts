import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { brandNames } from '@/lib/payments/card';

/**
 * Each reviewed language has a glossary (messages/glossary/<lang>.md) that fixes the product terms.
 * Its "## Forbidden" section lists terms that must never appear in that language's texts, one per
 * line as "- `term` → `preferred`: why". A term matches case-insensitively where it starts a word, so
 * a stem catches every ending.
 */
const root = path.join(__dirname, '..');
const reviewed = ['lv', 'ru', 'et', 'el'] as const;

function forbiddenTerms(lang: string): string[] {
  const text = readFileSync(path.join(root, 'messages', 'glossary', `${lang}.md`), 'utf8');
  const section = text.split(/^## /m).find((part) => part.startsWith('Forbidden'));
  if (!section) return [];
  return [...section.matchAll(/^- `([^`]+)`/gm)].map((m) => m[1]!);
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/** Every text a visitor of that language reads: catalogue, content files, company texts. */
function textsOf(lang: string): { file: string; text: string }[] {
  const texts = [path.join(root, 'messages', `${lang}.json`), path.join(root, 'content', 'faq', `${lang}.yaml`)]
    .concat(...['articles', 'guides', 'pages', 'vacancies'].map((kind) => filesUnder(path.join(root, 'content', kind, lang))))
    .concat(filesUnder(path.join(root, 'messages', 'mail')).filter((file) => path.basename(file, '.json') === lang))
    .filter((file) => existsSync(file))
    .map((file) => ({ file: path.relative(root, file), text: readFileSync(file, 'utf8') }));
  const companies = path.join(root, 'content', 'companies');
  const collect = (value: unknown): string[] =>
    value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, inner]) => (key === lang && typeof inner === 'string' ? [inner] : collect(inner)))
      : [];
  for (const name of readdirSync(companies).filter((n) => n.endsWith('.yaml'))) {
    const data: unknown = parseYaml(readFileSync(path.join(companies, name), 'utf8'));
    texts.push({ file: `content/companies/${name}`, text: collect(data).join('\n') });
  }
  return texts;
}

const escape = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('glossaries', () => {
  it.each(reviewed)('%s has a glossary with product terms and forbidden terms', (lang) => {
    const file = path.join(root, 'messages', 'glossary', `${lang}.md`);
    expect(existsSync(file), file).toBe(true);
    expect(forbiddenTerms(lang).length).toBeGreaterThan(0);
  });

  it.each(reviewed)('%s texts use none of the terms its glossary forbids', (lang) => {
    const hits: string[] = [];
    const texts = textsOf(lang); // read once: the files and the 22 company YAMLs, not once per term
    for (const term of forbiddenTerms(lang)) {
      const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escape(term)}`, 'iu');
      for (const { file, text } of texts) if (pattern.test(text)) hits.push(`${file}: ${term}`);
    }
    expect(hits).toEqual([]);
  }, 30_000); // reads every text of the language; generous on a loaded CI machine
});

/**
 * Forms the native reviews of 2026-11 found, checked case-sensitively in every language (the glossaries'
 * lists match case-insensitively, which cannot tell "MasterCard" from "Mastercard"), legal pages included.
 */
const reviewForms: Record<string, string[]> = {
  en: ['MasterCard', 'certified payment provider', 'Please, ', 'bank card is declined', 'Snap!', 'You pay no fee', 'No fee for payers'],
  lv: ['MasterCard', 'sertificēts maksājumu', 'sertificēti maksājumu'],
  et: ['MasterCard', 'sertifitseeritud makseteenuse'],
  ru: ['MasterCard', 'сертифицированный платёжный', 'сертифицированных платёжных', 'сертифицированному платёжному', 'За отдельный счёт', 'за отдельный счёт'],
  el: ['MasterCard', 'πιστοποιημένος πάροχος', 'πιστοποιημένο πάροχο', 'πιστοποιημένων παρόχων', 'πιστοποιημένου παρόχου'],
};
describe('forms the 2026-11 reviews found', () => {
  it.each(Object.keys(reviewForms))('%s texts use none of them', (lang) => {
    const hits: string[] = [];
    const texts = textsOf(lang);
    for (const form of reviewForms[lang]!) for (const { file, text } of texts) if (text.includes(form)) hits.push(`${file}: ${form}`);
    expect(hits).toEqual([]);
  }, 30_000);

  it('the card brand is spelt as its owner spells it, in the code too', () => {
    expect(brandNames.mastercard).toBe('Mastercard');
  });
});
