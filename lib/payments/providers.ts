import { z } from 'zod';
import { env } from '@/lib/env';
import { HttpError } from '@/lib/http/errors';
import { providerStatuses, type ProviderStatus } from './machine';
import type { Payment } from './store';

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

/**
 * What the test provider reports for an outcome: a refused card (declined, expired) is the card step's
 * own answer, the payer stays on the checkout; a success or a processing error is the provider's
 * verdict on the payment, which it sends as a signed notification like a real provider.
 */
export function testVerdict(outcome: TestOutcome): 'paid' | 'fail' | null {
  return outcome === 'success' ? 'paid' : outcome === 'processingError' ? 'fail' : null;
}

/** The remote payment API was unreachable or answered something unusable. */
export class PaymentProviderError extends HttpError {
  constructor(message: string) {
    super(502, 'payment_provider_error', message);
  }
}

// Only a web address: the payer is redirected there (a `javascript:` or `data:` address would run in our origin's redirect).
const created = z.object({ id: z.string().min(1), redirect_url: z.url({ protocol: /^https?$/ }) });
const fetched = z.object({ id: z.string(), status: z.enum(providerStatuses) });

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

/** A remote payment's status at the provider: asked when the payer comes back, and by reconciliation. */
export async function remotePaymentStatus(payment: Payment): Promise<ProviderStatus> {
  const response = await fetch(`${env.PAYMENT_API_URL}/payments/${encodeURIComponent(payment.providerRef ?? '')}`, {
    headers: headers(payment),
    signal: AbortSignal.timeout(10_000),
    cache: 'no-store',
  }).catch((error: unknown) => {
    throw new PaymentProviderError(`payment API unreachable: ${error instanceof Error ? error.message : String(error)}`);
  });
  const parsed = fetched.safeParse(await response.json().catch(() => null));
  if (!response.ok || !parsed.success) throw new PaymentProviderError(`payment API answered ${response.status}`);
  return parsed.data.status;
}
