import { z } from 'zod';
import { env } from '@/lib/env';
import { HttpError } from '@/lib/http/errors';
import { type Payment, type PaymentStatus } from './store';

/** Test card numbers of the embedded test provider and what each one does (issue 5). */
export const testCards: Record<string, TestOutcome> = {
  '4242424242424242': 'success',
  '4000000000000002': 'declined',
  '4000000000000069': 'expired',
  '4000000000000119': 'processingError',
};
export type TestOutcome = 'success' | 'declined' | 'expired' | 'processingError';

/** Any other valid card of an accepted brand succeeds, as with a real provider's sandbox. */
export function testOutcome(digits: string): TestOutcome {
  return testCards[digits] ?? 'success';
}

/** What an outcome does to the payment: paid; still open for another card; or failed (also open). */
export function statusAfter(outcome: TestOutcome): PaymentStatus {
  return outcome === 'success' ? 'paid' : outcome === 'processingError' ? 'fail' : 'processing';
}

/** The remote payment API was unreachable or answered something unusable. */
export class PaymentProviderError extends HttpError {
  constructor(message: string) {
    super(502, 'payment_provider_error', message);
  }
}

// Only a web address: the payer is redirected there (a `javascript:` or `data:` address would run in our origin's redirect).
const created = z.object({ id: z.string().min(1), redirect_url: z.url({ protocol: /^https?$/ }) });
const fetched = z.object({ id: z.string(), status: z.enum(['processing', 'paid', 'paidExternally', 'fail', 'closed']) });

function headers(payment: Payment): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json',
    'idempotency-key': payment.id,
    ...(env.PAYMENT_API_KEY ? { authorization: `Bearer ${env.PAYMENT_API_KEY}` } : {}),
  };
}

/**
 * The remote provider: creates the payment at PAYMENT_API_URL (the payment id as idempotency key, so a
 * retry creates nothing new) and answers the address to send the payer to.
 */
export async function createRemotePayment(payment: Payment, description: string, returnUrl: string): Promise<{ ref: string; redirect: string }> {
  const response = await fetch(`${env.PAYMENT_API_URL}/payments`, {
    method: 'POST',
    headers: headers(payment),
    body: JSON.stringify({
      amount: payment.amountCents,
      currency: 'EUR',
      description,
      reference: payment.reference,
      payer: { name: payment.payerName, email: payment.payerEmail },
      return_url: returnUrl,
      metadata: { payment_id: payment.id, company: payment.company },
    }),
    signal: AbortSignal.timeout(10_000),
    cache: 'no-store',
  }).catch((error: unknown) => {
    throw new PaymentProviderError(`payment API unreachable: ${error instanceof Error ? error.message : String(error)}`);
  });
  const parsed = created.safeParse(await response.json().catch(() => null));
  if (!response.ok || !parsed.success) throw new PaymentProviderError(`payment API answered ${response.status}`);
  return { ref: parsed.data.id, redirect: parsed.data.redirect_url };
}

/** The final status of a remote payment, asked when the payer comes back. */
export async function remotePaymentStatus(payment: Payment): Promise<PaymentStatus> {
  const response = await fetch(`${env.PAYMENT_API_URL}/payments/${encodeURIComponent(payment.providerRef ?? '')}`, {
    headers: headers(payment),
    signal: AbortSignal.timeout(10_000),
    cache: 'no-store',
  });
  const parsed = fetched.safeParse(await response.json().catch(() => null));
  if (!response.ok || !parsed.success) throw new PaymentProviderError(`payment API answered ${response.status}`);
  return parsed.data.status;
}
