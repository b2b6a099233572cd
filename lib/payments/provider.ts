/** The payment-provider interface: one file per provider under providers/, one line in providers/index.ts. */
import { HttpError } from '@/lib/http/errors';
import type { Language } from '@/lib/i18n/editions';
import type { Brand } from './card';
import type { ProviderStatus } from './contract';
import type { Payment } from './store';

/**
 * The rest of the site asks `activeProvider()` or `providerOf(payment)` and never knows which one runs
 * (docs/api.md, "Adding a provider").
 */
export type StartRequest = {
  payment: Payment;
  /** What the payer sees at the provider: `<company>: <service>`, in the payer's language. */
  description: string;
  /** The company's name, for the provider's page. */
  companyLabel: string;
  /** Where the provider sends the payer back (the site's /<edition>/checkout/<id>/return). */
  returnUrl: string;
  /** Where this provider's notifications go (/api/payments/notify/<name>). */
  notifyUrl: string;
  /** The payer's locale (`el-CY`): a hosted page speaks it. */
  locale: string;
};

/** A provider's word on a payment: its status, and the card used (brand and last four only). */
export type StatusAnswer = { status: ProviderStatus; card?: { brand: Brand; last4: string } };

/** One notification, read and verified by its provider, in the site's terms. */
export type ProviderEvent = {
  /** The provider's id of the event: each is applied once. */
  id: string;
  paymentId: string;
  providerRef: string;
  status: ProviderStatus;
  amount: number;
  currency: string;
  company: string;
  card?: { brand: Brand; last4: string };
  declineCode?: 'declined' | 'expired';
};

export type NotificationRead =
  | { kind: 'event'; event: ProviderEvent }
  /** Missing, wrong or stale signature: nothing of the body was trusted. */
  | { kind: 'bad_signature' }
  /** Signed, but not an event this provider sends. */
  | { kind: 'invalid' }
  /** Signed and well formed, but a kind of event the site does not act on. */
  | { kind: 'ignored' };

export type PaymentProvider = {
  /** Stored on each payment (`payments.provider`) and the last segment of its notification path. */
  name: string;
  /** The name the payer reads beside Pay and on the receipt; null while the company facts lack it. */
  displayName(lang: Language): string | null;
  capabilities: {
    /** No money moves (test cards): receipts say so, the mail to an unverified address is allowed. */
    sandbox: boolean;
    /** It can be asked how a payment stands (return, reconciliation, a reopened checkout). */
    fetchStatus: boolean;
    /** It can cancel a payment that is open on its side. */
    cancel: boolean;
  };
  /**
   * The origins of its hosted page (every host of its redirect chain), or 'self' for a page served by
   * the site itself. The site sends a payer nowhere else.
   */
  hostedOrigins(): readonly string[] | 'self';
  /**
   * Creates the payment at the provider (the payment id as idempotency key: starting twice creates
   * nothing new) and answers its reference and the address of its payment page.
   */
  start(request: StartRequest): Promise<{ ref: string; redirect: string }>;
  /** How the payment stands at the provider (and the card, once one was used). Throws PaymentProviderError when it cannot answer. */
  fetchStatus(payment: Payment): Promise<StatusAnswer>;
  /** Asks the provider to cancel; answers how the payment stands then (`cancelled`, or `paid` if it was). */
  cancel(payment: Payment): Promise<StatusAnswer>;
  /** Reads and verifies one of its notifications (its headers, its raw body, its secret). */
  readNotification(input: { headers: Headers; body: string }, now?: Date): NotificationRead;
  /** A hint of the payment a notification names, read before anything is verified (the legacy path only). */
  paymentHint(body: string): string | null;
};

/**
 * The provider was unreachable or answered something unusable: 503 (with Retry-After), never 502,
 * which a balancer in front (nginx's proxy_next_upstream http_502) counts as this instance failing.
 */
export class PaymentProviderError extends HttpError {
  constructor(message: string) {
    super(503, 'payment_provider_unavailable', message);
  }
}
