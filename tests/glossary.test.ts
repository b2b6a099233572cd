import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';

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
    for (const term of forbiddenTerms(lang)) {
      const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escape(term)}`, 'iu');
      for (const { file, text } of textsOf(lang)) if (pattern.test(text)) hits.push(`${file}: ${term}`);
    }
    expect(hits).toEqual([]);
  });
});
