import type { ErrorCode } from '@/lib/forms/schemas';
import { acceptedKey } from '@/lib/forms/state';
import { getCompany, type Company } from './catalogue';
import { activeProvider } from './providers';
import { computePrice, type Choice, type PriceError } from './price';
import { fieldErrors, payerSchema } from './schemas';
import { createPayment, type Payment } from './store';

export type StartInput = {
  company: string;
  choice: Choice;
  payer: Record<string, string>;
  locale: string;
  idempotencyKey: string;
};

export type StartResult =
  | { ok: true; payment: Payment; company: Company; duplicate: boolean }
  | { ok: false; errors: Partial<Record<'name' | 'email' | 'reference', ErrorCode>>; choiceError: PriceError | null; conflict?: false }
  /** The key was used before for a different payment (HTTP's 409): nothing is recorded or charged. */
  | { ok: false; conflict: true; errors: Record<string, never>; choiceError: null };

/**
 * Records a payment for a company's catalogue option, as `open`. The amount is computed here
 * from the catalogue: whatever price a browser might send is never read. One payment per key.
 */
export async function recordPayment(input: StartInput): Promise<StartResult> {
  const company = getCompany(input.company);
  const payer = payerSchema.safeParse(input.payer);
  const price = company ? computePrice(company.services, input.choice) : ({ error: 'unknownService' } as const);
  if (!company || !payer.success || 'error' in price) {
    return { ok: false, errors: payer.success ? {} : fieldErrors(payer.error), choiceError: 'error' in price ? price.error : null };
  }
  const { payment, duplicate } = await createPayment({
    idempotencyKey: acceptedKey(input.idempotencyKey),
    company: company.slug,
    service: input.choice.serviceId,
    option: input.choice.optionId,
    quantity: price.price.count,
    months: price.price.months,
    amountCents: price.price.total,
    feeCents: price.price.fee,
    payerName: payer.data.name,
    payerEmail: payer.data.email,
    reference: payer.data.reference,
    locale: input.locale,
    provider: activeProvider().name,
  });
  // A resend is the same payment; the same key with another choice or payer is a different one.
  const same =
    payment.company === company.slug &&
    payment.service === input.choice.serviceId &&
    payment.option === input.choice.optionId &&
    payment.quantity === price.price.count &&
    payment.months === price.price.months &&
    payment.amountCents === price.price.total &&
    payment.payerName === payer.data.name &&
    payment.payerEmail === payer.data.email &&
    payment.reference === payer.data.reference;
  if (duplicate && !same) return { ok: false, conflict: true, errors: {}, choiceError: null };
  return { ok: true, payment, company, duplicate };
}
