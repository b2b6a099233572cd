import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { countries, editions, languages, locales } from '@/lib/i18n/editions';

/**
 * One table per fact (issue 48): the editions, their countries and languages live in lib/i18n/editions.ts,
 * and nothing else in the code lists them. This walks lib/, app/, components/, server.ts and proxy.ts
 * (messages, content and tests aside) and fails on a list or a pattern of two or more edition, country
 * or language codes anywhere else: an array or union of them, an object keyed by them, a regular
 * expression or string alternating them (`lv|ee|cy`), a switch over them, a CSS rule per country. A
 * tenth edition then reaches every place by the table alone. A copy that cannot read the table (CSS)
 * is listed in HELD with the test that holds it to the table in both directions.
 */
const root = path.resolve(__dirname, '..');
const CODES = new Set<string>([
  ...countries.flatMap((c) => [c.code, c.region]),
  ...languages,
  ...locales,
  ...editions.map((e) => e.prefix),
]);
const lower = new Set([...CODES].map((code) => code.toLowerCase()));
const isCode = (text: string) => lower.has(text.toLowerCase());
const ALTERNATION = new RegExp(`(?:^|[^a-z])(${[...lower].join('|')})\\|(${[...lower].join('|')})(?:[^a-z]|$)`, 'i');

/** Copies the code cannot avoid, each held to the table by a test, both ways. */
const HELD: Record<string, string> = {
  'components/chooser/LocaleChooser.module.css': 'tests/edition-codes.test.ts: the chooser hides the languages a checked country lacks, one rule per country',
};

function walk(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    return statSync(path.join(root, rel)).isDirectory() ? walk(rel) : [rel.split(path.sep).join('/')];
  });
}
const sources = ['lib', 'app', 'components']
  .flatMap(walk)
  .concat(['server.ts', 'proxy.ts'])
  .filter((file) => /\.(ts|tsx|mts|mjs|css)$/.test(file) && file !== 'lib/i18n/editions.ts');

/** Where a file lists two or more codes, as `file:line what`. */
function findings(file: string, text = readFileSync(path.join(root, file), 'utf8')): string[] {
  if (file.endsWith('.css')) return cssFindings(file, text);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${what}`);
  const codeLiteral = (node: ts.Node | undefined) => node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && isCode(node.text);
  // An object typed `Record<Language | CountryCode | Locale, …>`: the compiler holds its keys to the table
  // both ways (a missing key and an extra one are type errors), as for the catalogues' loaders, which the
  // bundler needs as one static import each.
  const typedByTable = (node: ts.ObjectLiteralExpression) => {
    const { parent } = node;
    const type = ts.isVariableDeclaration(parent) || ts.isSatisfiesExpression(parent) ? parent.type : undefined;
    return type !== undefined && /^(?:Readonly<)?Record<(?:Language|CountryCode|Locale),/.test(type.getText(source));
  };
  const keyOf = (property: ts.ObjectLiteralElementLike) => (property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : '');
  const visit = (node: ts.Node): void => {
    if (ts.isArrayLiteralExpression(node) && node.elements.filter(codeLiteral).length >= 2) at(node, 'a list of codes');
    if (ts.isUnionTypeNode(node) && node.types.filter((t) => ts.isLiteralTypeNode(t) && codeLiteral(t.literal)).length >= 2) at(node, 'a union of codes');
    if (ts.isObjectLiteralExpression(node) && !typedByTable(node) && node.properties.filter((p) => isCode(keyOf(p))).length >= 2) at(node, 'an object keyed by codes');
    if (ts.isSwitchStatement(node) && node.caseBlock.clauses.filter((c) => ts.isCaseClause(c) && codeLiteral(c.expression)).length >= 2) at(node, 'a switch over codes');
    if (ts.isRegularExpressionLiteral(node) && ALTERNATION.test(node.text)) at(node, 'a pattern of codes');
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) && ALTERNATION.test(node.text)) at(node, 'a pattern of codes in a string');
    if (ts.isStringLiteral(node) && /^[a-z]{2}(?:-[a-z]{2})?(?:[\s,]+[a-z]{2}(?:-[a-z]{2})?)+$/i.test(node.text) && node.text.split(/[\s,]+/).every(isCode)) at(node, 'a list of codes in a string');
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** CSS: two or more rules or selectors that name codes (an attribute value or :lang()). */
function cssFindings(file: string, text: string): string[] {
  const named = [...text.matchAll(/\[[\w-]+[~|^$*]?=\s*['"]?([\w-]+)['"]?\s*\]|:lang\(\s*([\w-]+)\s*\)/g)].filter((m) => isCode(m[1] ?? m[2] ?? ''));
  return named.length >= 2 ? [`${file}:${text.slice(0, named[0]!.index).split('\n').length} ${named.length} selectors that name codes`] : [];
}

describe('one table of editions, countries and languages', () => {
  it('finds the kinds of copy it looks for (the detector itself)', () => {
    const sample = [
      "const a = ['lv', 'ee', 'cy'];",
      "type L = 'lv' | 'en';",
      "const o = { lv: 'LV', ee: 'EE' };",
      'const r = /^\\/(lv|ee|cy)-/;',
      "const s = '(?:lv|ee)-(?:en|ru)';",
      "switch (x) { case 'et': break; case 'el': break; }",
      "const t = 'lv-lv lv-en';",
    ];
    expect(sample.map((line) => findings('sample.ts', line).length)).toEqual(sample.map(() => 1));
    expect(findings('typed.ts', "const m: Record<Language, string> = { lv: 'a', en: 'b' };")).toEqual([]);
    expect(findings('ok.ts', "const one = lang === 'lv' ? a : b; const word = 'level'; const re = /\\.(ts|tsx)$/;")).toEqual([]);
    expect(cssFindings('x.css', "[value='lv'] x, [value='ee'] y {}")).toHaveLength(1);
  });

  it('lib/, app/, components/, server.ts and proxy.ts list no codes outside lib/i18n/editions.ts', () => {
    expect(sources.length).toBeGreaterThan(200);
    const all = sources.flatMap((file) => (file in HELD ? [] : findings(file)));
    expect(all).toEqual([]);
  });

  it('the chooser’s CSS has one rule per country of the table, each hiding the languages it lacks, and no other', () => {
    const css = readFileSync(path.join(root, 'components/chooser/LocaleChooser.module.css'), 'utf8');
    const rules = [...css.matchAll(/\.form:has\(input\[name='country'\]\[value='([a-z]+)'\]:checked\) \.language:not\(\[data-countries~='([a-z]+)'\]\)/g)];
    expect(rules.map(([, checked, offered]) => [checked, offered])).toEqual(countries.map((c) => [c.code, c.code]));
    expect(cssFindings('', css)[0]).toMatch(new RegExp(` ${countries.length * 2} selectors`));
  });
});
