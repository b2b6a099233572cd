import { HttpError } from '@/lib/http/errors';
import type { ProviderStatus } from './machine';
import type { Payment } from './store';

/**
 * The payment-provider interface (design.md 17). Each provider is one file under providers/ and one
 * line in providers/index.ts; the rest of the site asks `activeProvider()` or `providerOf(payment)`
 * and never knows which one runs.
 */
export type StartRequest = {
  payment: Payment;
  /** What the payer sees at the provider: `<company>: <service>`, in the payer's language. */
  description: string;
  /** The company's name, for the provider's page. */
  companyLabel: string;
  /** Where the provider sends the payer back (the site's /<edition>/checkout/<id>/return). */
  returnUrl: string;
  /** The payer's locale (`el-CY`): a hosted page speaks it. */
  locale: string;
};

export type PaymentProvider = {
  /** Stored on each payment (`payments.provider`): which provider a payment went to. */
  name: string;
  capabilities: {
    /** No money moves (test cards): receipts say so, the mail to an unverified address is allowed. */
    sandbox: boolean;
    /** It can be asked how a payment stands (return, reconciliation). */
    fetchStatus: boolean;
  };
  /**
   * Creates the payment at the provider (the payment id as idempotency key: starting twice creates
   * nothing new) and answers its reference and the address of its payment page.
   */
  start(request: StartRequest): Promise<{ ref: string; redirect: string }>;
  /** How the payment stands at the provider. Throws PaymentProviderError when it cannot answer. */
  fetchStatus(payment: Payment): Promise<ProviderStatus>;
  /** The notification key: the signed body is checked with it (notifications.ts, one scheme for all). */
  notificationSecret(): string;
};

/** The provider was unreachable or answered something unusable. */
export class PaymentProviderError extends HttpError {
  constructor(message: string) {
    super(502, 'payment_provider_error', message);
  }
}
