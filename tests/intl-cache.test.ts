import { describe, expect, it } from 'vitest';
import { collator, dateTimeFormat, displayNames, numberFormat, pluralRules } from '@/lib/i18n/intl-cache';
import { formatEuros } from '@/lib/payments/price';

const date = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
const march5 = Date.UTC(2026, 2, 5);

describe('the Intl formatters', () => {
  it('are made once per locale and options, and never shared across either', () => {
    expect(numberFormat('lv-LV')).toBe(numberFormat('lv-LV'));
    expect(numberFormat('lv-LV', { style: 'currency', currency: 'EUR' })).toBe(numberFormat('lv-LV', { style: 'currency', currency: 'EUR' }));
    expect(numberFormat('lv-LV', { style: 'currency', currency: 'EUR' })).not.toBe(numberFormat('lv-LV'));
    expect(numberFormat('lv-LV')).not.toBe(numberFormat('el-CY'));
    expect(pluralRules('ru-LV', { type: 'ordinal' })).not.toBe(pluralRules('ru-LV'));
  });

  it('a formatter asked for one locale or options never answers for another (what each edition must show)', () => {
    // Asked in an order where a cache keyed on the locale alone, or on the options alone, answers wrongly.
    expect(formatEuros(135000, 'lv-LV')).toBe('1350,00\u00a0€');
    expect(formatEuros(135000, 'el-CY')).toBe('1.350,00\u00a0€');
    expect(formatEuros(135000, 'ru-LV')).toBe('1\u00a0350,00\u00a0€');
    expect(formatEuros(135000, 'en-CY')).toBe('€1,350.00');
    expect(numberFormat('lv-LV').format(1350)).toBe('1350');
    expect(numberFormat('lv-LV', { maximumFractionDigits: 1 }).format(2.25)).toBe('2,3');
    expect(dateTimeFormat('el-CY', date).format(march5)).toBe('5 Μαρτίου 2026');
    expect(dateTimeFormat('lv-LV', date).format(march5)).toBe('2026. gada 5. marts');
    expect(dateTimeFormat('ru-EE', date).format(march5)).toBe('5 марта 2026 г.');
    expect(dateTimeFormat('ru-EE', { ...date, month: 'numeric' }).format(march5)).toBe('05.03.2026');
  });

  it('plural rules, names and collation follow the locale and the options', () => {
    expect(['one', 'few', 'many'].map((_, i) => pluralRules('ru-LV').select([21, 22, 25][i]!))).toEqual(['one', 'few', 'many']);
    expect(pluralRules('lv-LV').select(0)).toBe('zero');
    expect(pluralRules('en-CY', { type: 'ordinal' }).select(2)).toBe('two');
    expect(pluralRules('en-CY').select(2)).toBe('other');
    expect(displayNames('el-CY', { type: 'region' }).of('CY')).toBe('Κύπρος');
    expect(displayNames('ru', { type: 'language' }).of('ru')).toBe('русский');
    expect(displayNames('lv').of('et')).toBe('igauņu'); // default: language names
    // Estonian sorts z between s and t; Latvian (like most) after t.
    expect(['t', 'z', 's'].sort(collator('et-EE').compare)).toEqual(['s', 'z', 't']);
    expect(['t', 'z', 's'].sort(collator('lv-LV').compare)).toEqual(['s', 't', 'z']);
  });

  it('write English figures in one style in all three English editions', () => {
    for (const locale of ['en-LV', 'en-EE', 'en-CY']) {
      expect(numberFormat(locale).format(100000), locale).toBe('100,000');
      expect(numberFormat(locale).format(1.65), locale).toBe('1.65');
      expect(formatEuros(135000, locale), locale).toBe('€1,350.00');
    }
    expect(numberFormat('lv-LV').format(100000)).toBe('100\u00a0000');
  });
});
