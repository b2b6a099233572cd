import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages } from '@/lib/i18n/editions';

type Tree = { [key: string]: string | Tree };
const dir = path.join(__dirname, '..', 'messages');
const load = (lang: string): Tree => JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8'));
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : flatten(v, `${prefix}${k}.`)));
// A set: plural messages repeat a placeholder once per branch, and languages have different branches.
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}|<(\w+)>/g)].map((m) => m[1] ?? m[2]))].sort();

const english = new Map(flatten(load('en')));

describe('message catalogues', () => {
  it('exist for exactly the five languages', () => {
    expect(readdirSync(dir).filter((f) => f.endsWith('.json')).sort()).toEqual([...languages].map((l) => `${l}.json`).sort());
  });

  it.each(languages)('%s has the same keys as en, none empty, with the same placeholders', (lang) => {
    const entries = new Map(flatten(load(lang)));
    expect([...entries.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of entries) {
      expect(value.trim(), key).not.toBe('');
      expect(placeholders(value), key).toEqual(placeholders(english.get(key)!));
    }
  });

  it.each(languages.filter((l) => l !== 'en'))('%s is translated (no sentence left in English)', (lang) => {
    const entries = flatten(load(lang));
    const untranslated = entries.filter(([key, value]) => value === english.get(key) && /\s/.test(value));
    // Language-neutral strings: the 'PDF, {size}' format.
    const neutral = (key: string) => key === 'Footer.presentationMeta';
    expect(untranslated.filter(([key]) => !neutral(key))).toEqual([]);
  });
});

describe('mail catalogues (messages/mail)', () => {
  const mailDir = path.join(dir, 'mail');
  const loadMail = (lang: string): Tree => JSON.parse(readFileSync(path.join(mailDir, `${lang}.json`), 'utf8'));
  const englishMail = new Map(flatten(loadMail('en')));
  // Greek addresses a person in the vocative, which a name as typed into a form is not ("Γεια σας, Γιώργος"
  // reads wrong; it would need "Γιώργο"), so the Greek greeting leaves the name out.
  const leftOut: Record<string, string[]> = { 'el greeting': ['name'] };

  it('exist for exactly the five languages', () => {
    expect(readdirSync(mailDir).filter((f) => f.endsWith('.json')).sort()).toEqual([...languages].map((l) => `${l}.json`).sort());
  });

  it.each(languages)('%s has the same keys as en, none empty, with the same placeholders, translated', (lang) => {
    const entries = new Map(flatten(loadMail(lang)));
    expect([...entries.keys()].sort()).toEqual([...englishMail.keys()].sort());
    for (const [key, value] of entries) {
      expect(value.trim(), key).not.toBe('');
      const expected = placeholders(englishMail.get(key)!).filter((name) => !(leftOut[`${lang} ${key}`] ?? []).includes(name ?? ''));
      expect(placeholders(value), key).toEqual(expected);
      if (lang !== 'en' && key !== 'footer') expect(value, key).not.toBe(englishMail.get(key));
    }
  });
});
