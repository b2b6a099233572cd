import { computePrice, formatEuros, type PriceableService } from './price';

/**
 * How a total was reached, for the receipt: `3 × 45,00 €, 10% off` (count × months units at the
 * option's list price, then each discount). Null when there is nothing to explain: one unit at its
 * list price, or a free amount.
 */
export function priceBreakdown(
  services: readonly PriceableService[],
  payment: { service: string; option: string; quantity: number; months: number },
  locale: string,
  off: (percent: number) => string,
): string | null {
  if (payment.option === 'free') return null;
  const result = computePrice(services, { serviceId: payment.service, optionId: payment.option, quantity: payment.quantity, months: payment.months });
  if (!('price' in result)) return null;
  const { unit, unitAfterDiscount, count, months, periodDiscountPercent } = result.price;
  const units = count * months;
  const optionPercent = unit > 0 ? Math.round((1 - unitAfterDiscount / unit) * 100) : 0;
  const discounts = [optionPercent, periodDiscountPercent].filter((percent) => percent > 0);
  if (units === 1 && discounts.length === 0) return null;
  return [`${units} × ${formatEuros(unit, locale)}`, ...discounts.map(off)].join(', ');
}
