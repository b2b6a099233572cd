import { describe, expect, it } from 'vitest';
import { priceBreakdown } from '@/components/payments/breakdown';
import { formatEuros } from '@/lib/payments/price';
import { shortReference } from '@/components/payments/reference';

const off = (percent: number) => `${percent}% off`;
const services = [
  { id: 'plan', options: [{ id: 'fast', price: 4500 }], periods: [{ months: 1 }, { months: 3, discountPercent: 10 }] },
  { id: 'membership', options: [{ id: 'year', price: 150000, discountPercent: 10 }, { id: 'month', price: 15000 }], quantity: { max: 5 } },
  { id: 'donation', options: [], freeAmount: { min: 1000, max: 100000 } },
];

describe('the receipt', () => {
  it('quotes a short reference: BM- and the first 8 hex digits of the id, in capitals', () => {
    expect(shortReference('1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d')).toBe('BM-1A2B-3C4D');
  });

  it('shows how a discounted total was reached: units × list price, then each discount', () => {
    expect(priceBreakdown(services, { service: 'plan', option: 'fast', quantity: 1, months: 3 }, 'en-LV', off)).toBe('3 × €45.00, 10% off');
    expect(priceBreakdown(services, { service: 'membership', option: 'year', quantity: 1, months: 1 }, 'en-LV', off)).toBe('1 × €1,500.00, 10% off');
    expect(priceBreakdown(services, { service: 'membership', option: 'month', quantity: 2, months: 1 }, 'lv-LV', off)).toBe(`2 × ${formatEuros(15000, 'lv-LV')}`);
  });

  it('explains nothing for one unit at its list price, a free amount or an unknown option', () => {
    expect(priceBreakdown(services, { service: 'plan', option: 'fast', quantity: 1, months: 1 }, 'en-LV', off)).toBeNull();
    expect(priceBreakdown(services, { service: 'donation', option: 'free', quantity: 1, months: 1 }, 'en-LV', off)).toBeNull();
    expect(priceBreakdown(services, { service: 'plan', option: 'gone', quantity: 1, months: 1 }, 'en-LV', off)).toBeNull();
  });
});
