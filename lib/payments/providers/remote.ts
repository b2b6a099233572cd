import { z } from 'zod';
import { env } from '@/lib/env';
import { providerStatuses } from '../machine';
import { PaymentProviderError, type PaymentProvider } from '../provider';
import type { Payment } from '../store';

/**
 * The remote provider of production (PAYMENT_PROVIDER=remote): the payment API at PAYMENT_API_URL
 * (contract in docs/api.md), its hosted payment page, its signed notifications (PAYMENT_WEBHOOK_SECRET).
 */

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

async function call(url: string, init: RequestInit): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(10_000), cache: 'no-store' }).catch((error: unknown) => {
    throw new PaymentProviderError(`payment API unreachable: ${error instanceof Error ? error.message : String(error)}`);
  });
}

export const remoteProvider: PaymentProvider = {
  name: 'remote',
  capabilities: { sandbox: false, fetchStatus: true },

  async start({ payment, description, returnUrl }) {
    const response = await call(`${env.PAYMENT_API_URL}/payments`, {
      method: 'POST',
      headers: headers(payment),
      body: JSON.stringify({
        amount: payment.amountCents,
        currency: payment.currency,
        description,
        reference: payment.reference,
        payer: { name: payment.payerName, email: payment.payerEmail },
        return_url: returnUrl,
        metadata: { payment_id: payment.id, company: payment.company },
      }),
    });
    const parsed = created.safeParse(await response.json().catch(() => null));
    if (!response.ok || !parsed.success) throw new PaymentProviderError(`payment API answered ${response.status}`);
    return { ref: parsed.data.id, redirect: parsed.data.redirect_url };
  },

  async fetchStatus(payment) {
    const response = await call(`${env.PAYMENT_API_URL}/payments/${encodeURIComponent(payment.providerRef ?? '')}`, { headers: headers(payment) });
    const parsed = fetched.safeParse(await response.json().catch(() => null));
    if (!response.ok || !parsed.success) throw new PaymentProviderError(`payment API answered ${response.status}`);
    return parsed.data.status;
  },

  notificationSecret() {
    if (!env.PAYMENT_WEBHOOK_SECRET) throw new Error('PAYMENT_WEBHOOK_SECRET is not set');
    return env.PAYMENT_WEBHOOK_SECRET;
  },
};
