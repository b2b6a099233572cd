import { describe, expect, it } from 'vitest';
import { editionForBareSegment, parseAcceptLanguage, resolveLocale } from '@/lib/i18n/resolve';

describe('parseAcceptLanguage', () => {
  it('orders tags by quality, then by position, and drops q=0 and *', () => {
    expect(parseAcceptLanguage('ru;q=0.5, et-EE, en;q=0.8, *;q=0.1, de;q=0')).toEqual([
      { tag: 'et-EE', q: 1 },
      { tag: 'en', q: 0.8 },
      { tag: 'ru', q: 0.5 },
    ]);
    expect(parseAcceptLanguage(null)).toEqual([]);
  });
});

describe('resolveLocale', () => {
  it('prefers a valid locale cookie', () => {
    expect(resolveLocale({ localeCookie: 'el-CY', acceptLanguage: 'et' })).toBe('el-CY');
  });

  it('ignores an invalid cookie and uses Accept-Language', () => {
    expect(resolveLocale({ localeCookie: '<script>', acceptLanguage: 'et-EE,et;q=0.9' })).toBe('et-EE');
    expect(resolveLocale({ localeCookie: 'lv-lv', acceptLanguage: 'el' })).toBe('el-CY');
  });

  it('matches a language in the region it names, else the country cookie, else Latvia', () => {
    expect(resolveLocale({ acceptLanguage: 'en-CY' })).toBe('en-CY');
    expect(resolveLocale({ acceptLanguage: 'ru-EE' })).toBe('ru-EE');
    expect(resolveLocale({ acceptLanguage: 'en-GB' })).toBe('en-LV');
    expect(resolveLocale({ acceptLanguage: 'ru', countryCookie: 'cy' })).toBe('ru-CY');
    expect(resolveLocale({ acceptLanguage: 'ru', countryCookie: 'zz' })).toBe('ru-LV');
  });

  it('skips languages the site does not have', () => {
    expect(resolveLocale({ acceptLanguage: 'de-DE, fr;q=0.9, ru;q=0.5' })).toBe('ru-LV');
  });

  it('defaults to lv-LV', () => {
    expect(resolveLocale({})).toBe('lv-LV');
    expect(resolveLocale({ acceptLanguage: 'de, not a tag!!' })).toBe('lv-LV');
  });
});

describe('editionForBareSegment', () => {
  it('reads a bare country in the visitor language where the country has it', () => {
    expect(editionForBareSegment('ee', 'ru-LV')?.prefix).toBe('ee-ru');
    expect(editionForBareSegment('cy', 'lv-LV')?.prefix).toBe('cy-el');
    expect(editionForBareSegment('LV', 'en-CY')?.prefix).toBe('lv-en');
  });

  it('reads a bare language in the visitor country where it exists', () => {
    expect(editionForBareSegment('en', 'el-CY')?.prefix).toBe('cy-en');
    expect(editionForBareSegment('et', 'lv-LV')?.prefix).toBe('ee-et');
    expect(editionForBareSegment('el', 'ru-EE')?.prefix).toBe('cy-el');
  });

  it('knows nothing else', () => {
    expect(editionForBareSegment('about', 'lv-LV')).toBeUndefined();
  });
});
