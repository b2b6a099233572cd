/**
 * The payment state machine: every status a payment can have, every event that can move it, and the one
 * table of allowed transitions. Pure: `lib/payments/apply.ts` applies it in a transaction.
 *
 * Spec §4 names processing, paid, paidExternally, fail and closed; the site adds open (recorded, no card
 * tried yet), declined (a card was refused; another may be tried) and cancelled (the payer gave up on
 * the checkout: nothing was charged). `closed` keeps the spec's meaning: the period ended without the
 * provider's answer.
 */
import type { ProviderStatus } from './contract';

export const paymentStatuses = ['open', 'processing', 'declined', 'fail', 'paid', 'paidExternally', 'cancelled', 'closed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * What can happen to a payment. `redirected` when the payer is sent to the provider's payment page;
 * `cancelled` from the payer on the site's checkout page or on the provider's page; the others are the
 * provider's word (a signed notification, the payer's return, or reconciliation).
 */
export const paymentEvents = ['redirected', 'declined', 'cancelled', 'paid', 'paidExternally', 'failed', 'closed'] as const;
export type PaymentEvent = (typeof paymentEvents)[number];

/** Where a payer can still pay: the checkout offers Pay (to the provider's page) and Cancel. */
const retryable = ['open', 'declined', 'fail'] as const satisfies readonly PaymentStatus[];

/**
 * The transitions: for each event, the statuses it may start from and the status it leads to. Anything
 * not listed is refused (the row stays as it is). paid and paidExternally are final; closed and
 * cancelled yield only to the provider saying the money did arrive after all (money that moved is never
 * ignored, and such a payment is flagged for the operator).
 */
export const transitions: Record<PaymentEvent, { from: readonly PaymentStatus[]; to: PaymentStatus }> = {
  // Again after a refused card or a failure: the payer goes back to the provider with the same payment.
  redirected: { from: retryable, to: 'processing' },
  // While the payer is on the provider's page the payment is `processing`: a refused card or the payer's
  // cancel there comes from it. (The site's own Cancel is offered only where isPayable.)
  declined: { from: [...retryable, 'processing'], to: 'declined' },
  cancelled: { from: [...retryable, 'processing'], to: 'cancelled' },
  // Money that moved is never dropped: a "paid" after the site closed or cancelled the payment (the
  // provider took a card before it learnt of the cancel) is recorded, receipted and flagged (needsReview).
  paid: { from: [...retryable, 'processing', 'closed', 'cancelled'], to: 'paid' },
  paidExternally: { from: [...retryable, 'processing', 'closed', 'cancelled'], to: 'paidExternally' },
  failed: { from: [...retryable, 'processing'], to: 'fail' },
  closed: { from: ['processing', 'fail'], to: 'closed' },
};

/** The status after `event`, or null when the table does not allow it from `status`. */
export function nextStatus(status: PaymentStatus, event: PaymentEvent): PaymentStatus | null {
  const rule = transitions[event];
  return rule.from.includes(status) ? rule.to : null;
}

export const isPaid = (status: PaymentStatus) => status === 'paid' || status === 'paidExternally';

/** Statuses in which the payer can still pay from the site's checkout (and cancel there). */
export const isPayable = (status: PaymentStatus) => (retryable as readonly PaymentStatus[]).includes(status);

/**
 * A payment the operator must look at: paid after the site had closed or cancelled it (the payer may
 * expect nothing was charged). The flag's value, or null.
 */
export type ReviewReason = 'paid_after_cancel' | 'paid_after_close';
export function needsReview(from: PaymentStatus, to: PaymentStatus): ReviewReason | null {
  if (!isPaid(to)) return null;
  return from === 'cancelled' ? 'paid_after_cancel' : from === 'closed' ? 'paid_after_close' : null;
}

export { providerStatuses, type ProviderStatus } from './contract';

/** The provider's answer (GET /payments/{id}, a notification) as an event; `processing` is no news. */
export function eventOfProviderStatus(status: ProviderStatus): PaymentEvent | null {
  return status === 'processing' ? null : status === 'fail' ? 'failed' : status;
}
