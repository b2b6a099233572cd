/**
 * The payment state machine: every status a payment can have, every event that can move it, and the one
 * table of allowed transitions. Pure: `lib/payments/apply.ts` applies it in a transaction.
 *
 * Spec §4 names processing, paid, paidExternally, fail and closed; the site adds open (recorded, no card
 * tried yet), declined (a card was refused; another may be tried) and cancelled (the payer gave up on
 * the checkout: nothing was charged). `closed` keeps the spec's meaning: the period ended without the
 * provider's answer.
 */
export const paymentStatuses = ['open', 'processing', 'declined', 'fail', 'paid', 'paidExternally', 'cancelled', 'closed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * What can happen to a payment. `declined` comes from the test checkout's card step; `redirected` when
 * the payer is sent to the remote provider; `cancelled` from the payer on the checkout page; the other
 * four are the provider's word (a signed notification, the payer's return, or reconciliation).
 */
export const paymentEvents = ['redirected', 'declined', 'cancelled', 'paid', 'paidExternally', 'failed', 'closed'] as const;
export type PaymentEvent = (typeof paymentEvents)[number];

/** Where a payer can still pay: the test checkout shows its card form, Cancel is offered. */
const retryable = ['open', 'declined', 'fail'] as const satisfies readonly PaymentStatus[];

/**
 * The transitions: for each event, the statuses it may start from and the status it leads to. Anything
 * not listed is refused (the row stays as it is). paid, paidExternally and cancelled are final; closed
 * yields only to the provider saying the money did arrive after all (money that moved is never ignored).
 */
export const transitions: Record<PaymentEvent, { from: readonly PaymentStatus[]; to: PaymentStatus }> = {
  redirected: { from: ['open'], to: 'processing' },
  declined: { from: retryable, to: 'declined' },
  cancelled: { from: retryable, to: 'cancelled' },
  paid: { from: [...retryable, 'processing', 'closed'], to: 'paid' },
  paidExternally: { from: [...retryable, 'processing', 'closed'], to: 'paidExternally' },
  failed: { from: [...retryable, 'processing'], to: 'fail' },
  closed: { from: ['processing', 'fail'], to: 'closed' },
};

/** The status after `event`, or null when the table does not allow it from `status`. */
export function nextStatus(status: PaymentStatus, event: PaymentEvent): PaymentStatus | null {
  const rule = transitions[event];
  return rule.from.includes(status) ? rule.to : null;
}

export const isPaid = (status: PaymentStatus) => status === 'paid' || status === 'paidExternally';

/** Statuses in which the payer can still pay on the test checkout (and cancel). */
export const isPayable = (status: PaymentStatus) => (retryable as readonly PaymentStatus[]).includes(status);

/** The provider's answer (GET /payments/{id}, a notification) as an event; `processing` is no news. */
export const providerStatuses = ['processing', 'paid', 'paidExternally', 'fail', 'closed'] as const;
export type ProviderStatus = (typeof providerStatuses)[number];
export function eventOfProviderStatus(status: ProviderStatus): PaymentEvent | null {
  return status === 'processing' ? null : status === 'fail' ? 'failed' : status;
}
