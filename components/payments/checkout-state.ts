import type { IconName } from '@/components/ui/Icon';
import type { PaymentStatus } from '@/lib/payments';

/**
 * What the checkout page shows for each status of a payment: the one place that says it (issue 39).
 * `pay`, `processing`: the payer can still (or again) go to the provider's page. The five final states
 * (paid, declined, failed, cancelled, closed) each have one heading, one icon and tone, and say what
 * the payer can do next. `receipt`: the page is a receipt (never "You are paying").
 */
export const checkoutStates = ['pay', 'processing', 'paid', 'declined', 'failed', 'cancelled', 'closed'] as const;
export type CheckoutState = (typeof checkoutStates)[number];

export type StateView = {
  state: CheckoutState;
  /** Under Payments.checkout.states.<state>: `title` (the page's h1) and `text`. */
  key: CheckoutState;
  icon: IconName | null;
  tone: 'neutral' | 'success' | 'warning' | 'danger';
  /** The Pay button (to the provider's page) is offered. */
  canPay: boolean;
  /** The payer may cancel here (only where isPayable: nothing is at the provider's page in flight). */
  canCancel: boolean;
  receipt: boolean;
};

const view = (state: CheckoutState, icon: IconName | null, tone: StateView['tone'], canPay: boolean, canCancel: boolean, receipt = false): StateView => ({
  state, key: state, icon, tone, canPay, canCancel, receipt,
});

const views: Record<CheckoutState, StateView> = {
  pay: view('pay', null, 'neutral', true, true),
  // Back from the provider's page without an answer yet (or by the browser's Back): continue there.
  processing: view('processing', 'clock', 'neutral', true, false),
  paid: view('paid', 'check', 'success', false, false, true),
  declined: view('declined', 'close', 'danger', true, true),
  failed: view('failed', 'close', 'danger', true, true),
  cancelled: view('cancelled', 'close', 'neutral', false, false),
  closed: view('closed', 'clock', 'warning', false, false),
};

/** The page state of a payment's status. A cancel stored before 'cancelled' existed was `closed` + outcome 'cancelled'. */
export function checkoutState(status: PaymentStatus, lastOutcome: string | null): StateView {
  switch (status) {
    case 'open':
      return views.pay;
    case 'processing':
      return views.processing;
    case 'paid':
    case 'paidExternally':
      return views.paid;
    case 'declined':
      return views.declined;
    case 'fail':
      return views.failed;
    case 'cancelled':
      return views.cancelled;
    case 'closed':
      return lastOutcome === 'cancelled' ? views.cancelled : views.closed;
  }
}
