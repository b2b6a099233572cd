/**
 * Amounts in integer euro cents, computed from the catalogue only. Shared by the server (which
 * decides what is charged) and the payment island (which shows the same total before paying).
 */

import { numberFormat } from '@/lib/i18n/intl-cache';

export type PriceableService = {
  id: string;
  options: { id: string; price: number; discountPercent?: number }[];
  quantity?: { max: number };
  periods?: { months: number; discountPercent?: number }[];
  freeAmount?: { min: number; max: number };
};

export type Choice = {
  serviceId: string;
  /** An option id, or 'free' for a free amount (donations). */
  optionId: string;
  quantity?: number;
  months?: number;
  /** The free amount in cents. */
  amount?: number;
};

export type Price = {
  /** Price of one unit before any discount. */
  unit: number;
  /** Price of one unit after the option's discount. */
  unitAfterDiscount: number;
  count: number;
  months: number;
  periodDiscountPercent: number;
  subtotal: number;
  fee: number;
  total: number;
};

export type PriceError = 'unknownService' | 'unknownOption' | 'badQuantity' | 'badPeriod' | 'badAmount';

/** Customers pay no fee (spec 1): the fee line exists so that a company's fee would be stated. */
export const SERVICE_FEE_CENTS = 0;

const applyPercent = (cents: number, percent = 0) => Math.round((cents * (100 - percent)) / 100);

/** An option's price after its own discount (1 500,00 € less 10 % = 1 350,00 €). */
export function optionPrice(option: { price: number; discountPercent?: number }): number {
  return applyPercent(option.price, option.discountPercent);
}

export function computePrice(services: readonly PriceableService[], choice: Choice): { price: Price } | { error: PriceError } {
  const service = services.find((s) => s.id === choice.serviceId);
  if (!service) return { error: 'unknownService' };

  let unit: number;
  let unitAfterDiscount: number;
  if (choice.optionId === 'free') {
    const free = service.freeAmount;
    const amount = choice.amount;
    if (!free || amount === undefined || !Number.isInteger(amount) || amount < free.min || amount > free.max) return { error: 'badAmount' };
    unit = unitAfterDiscount = amount;
  } else {
    const option = service.options.find((o) => o.id === choice.optionId);
    if (!option) return { error: 'unknownOption' };
    unit = option.price;
    unitAfterDiscount = optionPrice(option);
  }

  const count = choice.quantity ?? 1;
  if (!Number.isInteger(count) || count < 1 || count > (service.quantity?.max ?? 1)) return { error: 'badQuantity' };

  const months = choice.months ?? service.periods?.[0]?.months ?? 1;
  const period = service.periods ? service.periods.find((p) => p.months === months) : months === 1 ? { months: 1 } : undefined;
  if (!period) return { error: 'badPeriod' };
  const periodDiscountPercent = period.discountPercent ?? 0;

  const subtotal = applyPercent(unitAfterDiscount * count * months, periodDiscountPercent);
  return {
    price: { unit, unitAfterDiscount, count, months, periodDiscountPercent, subtotal, fee: SERVICE_FEE_CENTS, total: subtotal + SERVICE_FEE_CENTS },
  };
}

const EUROS: Intl.NumberFormatOptions = { style: 'currency', currency: 'EUR' };

/** EUR in the edition's format: `1 350,00 €` (lv), `€1,350.00` (en). */
export function formatEuros(cents: number, locale: string): string {
  return numberFormat(locale, EUROS).format(cents / 100);
}

/** `12,50` or `12.50` euros → 1250 cents; anything else → undefined. */
export function parseEuros(value: string): number | undefined {
  const match = value.trim().replace(/\s/g, '').match(/^(\d{1,6})(?:[.,](\d{1,2}))?$/);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
