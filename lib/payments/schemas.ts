import { object, type infer as Infer } from 'zod/mini';
import { email, fieldErrors, limits, optional, required } from '@/lib/forms/schemas';
import { PAYMENT_REFERENCE_MAX_CHARS } from '@/lib/limits.ts';

/** Longest payer's note for the company (a child's name, a contract number). */
export const REFERENCE_MAX = PAYMENT_REFERENCE_MAX_CHARS;

/** The payer's part of the company payment form; the price comes from the catalogue, never from here. */
export const payerSchema = object({
  name: required(limits.name),
  email,
  /** What the payment is for on the company's side: a child's name, a contract number... */
  reference: optional(REFERENCE_MAX),
});
export type Payer = Infer<typeof payerSchema>;
export { fieldErrors };

/** `12,50` or `12.50` euros → 1250 cents; anything else → undefined. */
export function parseEuros(value: string): number | undefined {
  const match = value.trim().replace(/\s/g, '').match(/^(\d{1,6})(?:[.,](\d{1,2}))?$/);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
