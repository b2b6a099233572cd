/** The site's client of the payment API contract (contract.ts, docs/api.md), over any fetch. */
import { createAnswerSchema, statusAnswerSchema, type CreateRequest } from './contract';
import { PaymentProviderError, type StartRequest, type StatusAnswer } from './provider';
import type { Payment } from './store';

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** A provider's API: its base address (`https://api.provider.example/v1`), key and transport. */
export type ContractClient = {
  start(request: StartRequest): Promise<{ ref: string; redirect: string }>;
  fetchStatus(payment: Payment): Promise<StatusAnswer>;
  cancel(payment: Payment): Promise<StatusAnswer>;
};

/** Every call within this time, or the provider is taken as unavailable (a payer waits on it). */
const TIMEOUT_MS = 10_000;

export function contractClient({ baseUrl, apiKey, fetch: send = fetch }: { baseUrl: () => string; apiKey?: () => string | undefined; fetch?: Fetch }): ContractClient {
  const headers = (payment: Payment): Record<string, string> => {
    const key = apiKey?.();
    return { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': payment.id, ...(key ? { authorization: `Bearer ${key}` } : {}) };
  };
  async function call<T>(path: string, init: RequestInit, schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }): Promise<T> {
    const response = await send(`${baseUrl()}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), cache: 'no-store' }).catch((error: unknown) => {
      throw new PaymentProviderError(`payment API unreachable: ${error instanceof Error ? error.message : String(error)}`);
    });
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!response.ok || !parsed.success) throw new PaymentProviderError(`payment API answered ${response.status}`);
    return parsed.data;
  }
  const ref = (payment: Payment) => encodeURIComponent(payment.providerRef ?? '');

  return {
    async start({ payment, description, companyLabel, returnUrl, notifyUrl, locale }) {
      const body: CreateRequest = {
        amount: payment.amountCents,
        currency: payment.currency,
        description,
        reference: payment.reference,
        payer: { name: payment.payerName, email: payment.payerEmail },
        return_url: returnUrl,
        notify_url: notifyUrl,
        locale,
        metadata: { payment_id: payment.id, company: payment.company, company_label: companyLabel },
      };
      const created = await call('/payments', { method: 'POST', headers: headers(payment), body: JSON.stringify(body) }, createAnswerSchema);
      return { ref: created.id, redirect: created.redirect_url };
    },
    async fetchStatus(payment) {
      const { status, card } = await call(`/payments/${ref(payment)}`, { headers: headers(payment) }, statusAnswerSchema);
      return { status, ...(card ? { card } : {}) };
    },
    async cancel(payment) {
      const { status, card } = await call(`/payments/${ref(payment)}/cancel`, { method: 'POST', headers: headers(payment), body: '{}' }, statusAnswerSchema);
      return { status, ...(card ? { card } : {}) };
    },
  };
}
