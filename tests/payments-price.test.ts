import { describe, expect, it } from 'vitest';
import { computePrice, formatEuros, type PriceableService } from '@/lib/payments/price';
import { parseEuros } from '@/lib/payments/price';

const services: PriceableService[] = [
  { id: 'membership', options: [{ id: 'annual', price: 150000, discountPercent: 10 }, { id: 'monthly-6-12', price: 15000 }] },
  { id: 'uniform', options: [{ id: 'kit', price: 19000 }], quantity: { max: 5 } },
  {
    id: 'monthly',
    options: [{ id: 'mbit-30', price: 3000 }, { id: 'mbit-45', price: 4500 }],
    periods: [{ months: 1 }, { months: 2, discountPercent: 5 }, { months: 3, discountPercent: 10 }],
  },
  { id: 'donation', options: [{ id: 'd20', price: 2000 }], freeAmount: { min: 1000, max: 100000 } },
];
const total = (choice: Parameters<typeof computePrice>[1]) => {
  const result = computePrice(services, choice);
  return 'price' in result ? result.price.total : result.error;
};

describe('price computation (cents)', () => {
  it('applies an option discount: 1500 less 10% is 1350', () => {
    const result = computePrice(services, { serviceId: 'membership', optionId: 'annual' });
    expect(result).toEqual({ price: { unit: 150000, unitAfterDiscount: 135000, count: 1, months: 1, periodDiscountPercent: 0, subtotal: 135000, fee: 0, total: 135000 } });
    expect(total({ serviceId: 'membership', optionId: 'monthly-6-12' })).toBe(15000);
  });

  it('applies the period discounts: 5% for 2 months, 10% for 3', () => {
    expect(total({ serviceId: 'monthly', optionId: 'mbit-30' })).toBe(3000);
    expect(total({ serviceId: 'monthly', optionId: 'mbit-30', months: 2 })).toBe(5700);
    expect(total({ serviceId: 'monthly', optionId: 'mbit-45', months: 3 })).toBe(12150);
    expect(total({ serviceId: 'monthly', optionId: 'mbit-45', months: 4 })).toBe('badPeriod');
    expect(total({ serviceId: 'membership', optionId: 'annual', months: 2 })).toBe('badPeriod');
  });

  it('multiplies by a quantity within the limit only', () => {
    expect(total({ serviceId: 'uniform', optionId: 'kit', quantity: 3 })).toBe(57000);
    expect(total({ serviceId: 'uniform', optionId: 'kit', quantity: 6 })).toBe('badQuantity');
    expect(total({ serviceId: 'uniform', optionId: 'kit', quantity: 0 })).toBe('badQuantity');
    expect(total({ serviceId: 'membership', optionId: 'annual', quantity: 2 })).toBe('badQuantity');
    expect(total({ serviceId: 'uniform', optionId: 'kit', quantity: 1.5 })).toBe('badQuantity');
  });

  it('takes a free amount only where allowed and within its range', () => {
    expect(total({ serviceId: 'donation', optionId: 'free', amount: 1000 })).toBe(1000);
    expect(total({ serviceId: 'donation', optionId: 'free', amount: 100000 })).toBe(100000);
    expect(total({ serviceId: 'donation', optionId: 'free', amount: 999 })).toBe('badAmount');
    expect(total({ serviceId: 'donation', optionId: 'free', amount: 100001 })).toBe('badAmount');
    expect(total({ serviceId: 'donation', optionId: 'free' })).toBe('badAmount');
    expect(total({ serviceId: 'uniform', optionId: 'free', amount: 5000 })).toBe('badAmount');
  });

  it('refuses what the catalogue does not have', () => {
    expect(total({ serviceId: 'nope', optionId: 'kit' })).toBe('unknownService');
    expect(total({ serviceId: 'uniform', optionId: 'gold-kit' })).toBe('unknownOption');
  });

  it('reads euro amounts and formats them per edition', () => {
    expect(parseEuros('12,5')).toBe(1250);
    expect(parseEuros(' 1000.00 ')).toBe(100000);
    expect(parseEuros('12.345')).toBeUndefined();
    expect(parseEuros('-5')).toBeUndefined();
    expect(parseEuros('abc')).toBeUndefined();
    expect(formatEuros(135000, 'en-CY')).toBe('€1,350.00');
    expect(formatEuros(135000, 'lv-LV').replace(/\s/g, ' ')).toBe('1350,00 €'); // Latvian groups from 5 digits
    expect(formatEuros(135000, 'el-CY').replace(/\s/g, ' ')).toBe('1.350,00 €');
  });
});
