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
