// What /business may state about payouts, integrations, fees and proof: each slot only once its fact is given.
import { facts, type BusinessFacts } from './facts';
import type { Language } from '../i18n/editions';

type Placeholder = { placeholder: string; optional?: true };
function known<T>(value: T): Exclude<T, Placeholder> | undefined {
  return typeof value === 'object' && value !== null && 'placeholder' in value ? undefined : (value as Exclude<T, Placeholder>);
}

export type BusinessSlots = {
  payoutDays?: number;
  integrations?: string[];
  /** The rates (EUR, excluding VAT) and a worked example, only when both rates are known. */
  fees?: { perCompanyMonthly: number; perInvoice: number; example: { invoices: number; total: number } };
  logos?: { name: string; src: string }[];
  quote?: { text: string; name: string; role: string; company: string };
};

/**
 * The /business slots of a language from the business facts (content/facts.yaml `business`): a slot is
 * present only when its fact is, and absent while it is a placeholder (the sales page never shows "to be
 * published"). A fee example needs both rates.
 */
export function businessSlots(lang: Language, raw: BusinessFacts = facts.business): BusinessSlots {
  const slots: BusinessSlots = {};
  const payoutDays = known(raw.payoutDays);
  if (payoutDays !== undefined) slots.payoutDays = payoutDays;
  const integrations = known(raw.integrations);
  if (integrations) slots.integrations = integrations;
  const perCompanyMonthly = known(raw.fees.perCompanyMonthly);
  const perInvoice = known(raw.fees.perInvoice);
  if (perCompanyMonthly !== undefined && perInvoice !== undefined) {
    const invoices = raw.fees.exampleInvoices;
    // In cents, so that 500 × 0.15 is 75.00 and not 74.99999.
    const total = (Math.round(perCompanyMonthly * 100) + invoices * Math.round(perInvoice * 100)) / 100;
    slots.fees = { perCompanyMonthly, perInvoice, example: { invoices, total } };
  }
  const logos = known(raw.logos);
  if (logos) slots.logos = logos;
  const quote = known(raw.quote);
  if (quote) slots.quote = { text: quote.text[lang], name: quote.name, role: quote.role[lang], company: quote.company };
  return slots;
}
