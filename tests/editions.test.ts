import { describe, expect, it } from 'vitest';
import {
  contentLanguage,
  countryOf,
  editionByPrefix,
  editions,
  isLocale,
  localeFor,
  locales,
  prefixes,
} from '@/lib/i18n/editions';

describe('editions table', () => {
  it('has exactly the nine prefixes of the spec', () => {
    expect(editions.map((e) => e.prefix).sort()).toEqual(
      ['cy-el', 'cy-en', 'cy-ru', 'ee-en', 'ee-et', 'ee-ru', 'lv-en', 'lv-lv', 'lv-ru'],
    );
  });

  it('maps prefixes to BCP47 locales whose region is the country', () => {
    expect(editionByPrefix('lv-en')?.locale).toBe('en-LV');
    expect(editionByPrefix('cy-el')?.locale).toBe('el-CY');
    expect(editionByPrefix('ee-et')?.locale).toBe('et-EE');
    for (const edition of editions) {
      expect(new Intl.Locale(edition.locale).region?.toLowerCase()).toBe(edition.country === 'ee' ? 'ee' : edition.country);
      expect(prefixes[edition.locale]).toBe(`/${edition.prefix}`);
    }
  });

  it('looks prefixes up exactly (lowercase only)', () => {
    expect(editionByPrefix('LV-EN')).toBeUndefined();
    expect(editionByPrefix('lv-et')).toBeUndefined();
    expect(editionByPrefix('')).toBeUndefined();
  });

  it('derives the content language from the locale, lv without a dash', () => {
    expect(contentLanguage('en-LV')).toBe('en');
    expect(contentLanguage('el-CY')).toBe('el');
    expect(contentLanguage('lv')).toBe('lv');
    expect(contentLanguage('xx-YY')).toBe('lv');
  });

  it('falls back to Latvia for an unknown country', () => {
    expect(countryOf('ee').code).toBe('ee');
    expect(countryOf('zz').code).toBe('lv');
    expect(countryOf(undefined).code).toBe('lv');
  });

  it('validates locales and finds editions by country and language', () => {
    expect(locales).toHaveLength(9);
    expect(isLocale('ru-EE')).toBe(true);
    expect(isLocale('ru-ru')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
    expect(localeFor('cy', 'el')).toBe('el-CY');
    expect(localeFor('lv', 'el')).toBeUndefined();
  });
});
