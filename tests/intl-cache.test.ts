import { describe, expect, it } from 'vitest';
import { dateTimeFormat, displayNames, numberFormat, pluralRules } from '@/lib/i18n/intl-cache';
import { formatEuros } from '@/lib/payments/price';

describe('the Intl formatters', () => {
  it('are made once per locale and options', () => {
    expect(numberFormat('lv-LV')).toBe(numberFormat('lv-LV'));
    expect(numberFormat('lv-LV', { style: 'currency', currency: 'EUR' })).toBe(numberFormat('lv-LV', { style: 'currency', currency: 'EUR' }));
    expect(numberFormat('lv-LV', { style: 'currency', currency: 'EUR' })).not.toBe(numberFormat('lv-LV'));
    expect(numberFormat('lv-LV')).not.toBe(numberFormat('el-CY'));
    expect(pluralRules('ru-LV', { type: 'ordinal' })).not.toBe(pluralRules('ru-LV'));
  });

  it('format as freshly made ones do', () => {
    expect(formatEuros(135000, 'lv-LV')).toBe(new Intl.NumberFormat('lv-LV', { style: 'currency', currency: 'EUR' }).format(1350));
    expect(formatEuros(135000, 'en-CY')).toBe('€1,350.00');
    expect(pluralRules('ru-LV').select(21)).toBe('one');
    const date = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
    expect(dateTimeFormat('el-CY', date).format(Date.UTC(2026, 2, 5))).toBe(new Intl.DateTimeFormat('el-CY', date).format(Date.UTC(2026, 2, 5)));
    expect(displayNames('el-CY', { type: 'region' }).of('CY')).toBe('Κύπρος');
    expect(displayNames('ru', { type: 'language' }).of('ru')).toBe('русский');
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
