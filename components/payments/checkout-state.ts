import type { IconName } from '@/components/ui/Icon';
import type { PaymentStatus } from '@/lib/payments';

/**
 * What the checkout page shows for each status of a payment: the one place that says it (issue 39).
 * `pay`, `processing`: the payer can still (or again) go to the provider's page. The final states each
 * have one heading, one icon and tone, and say what the payer can do next; a refused card says the
 * specification's message for its verdict (declined, expired, processing error: spec 8, issue 46).
 * `unconfirmed`: the provider could not say how a payment it had stands, so nothing is offered to pay.
 * `receipt`: the page is a receipt (never "You are paying").
 */
export const checkoutStates = ['pay', 'processing', 'paid', 'declined', 'expired', 'failed', 'cancelled', 'closed', 'unconfirmed'] as const;
export type CheckoutState = (typeof checkoutStates)[number];

export type StateView = {
  state: CheckoutState;
  /** The page's h1 and its lead: message keys from the catalogue's root. */
  title: string;
  text: string;
  icon: IconName | null;
  tone: 'neutral' | 'success' | 'warning' | 'danger';
  /** The Pay button (to the provider's page) is offered. */
  canPay: boolean;
  /** The payer may cancel here (only where isPayable: nothing is at the provider's page in flight). */
  canCancel: boolean;
  receipt: boolean;
};

const states = (key: string) => ({ title: `Payments.checkout.states.${key}.title`, text: `Payments.checkout.states.${key}.text` });
const outcome = (key: string) => ({ title: `PaymentOutcome.${key}Title`, text: `PaymentOutcome.${key}Text` });

const view = (state: CheckoutState, keys: { title: string; text: string }, icon: IconName | null, tone: StateView['tone'], canPay: boolean, canCancel: boolean, receipt = false): StateView => ({
  state, ...keys, icon, tone, canPay, canCancel, receipt,
});

const views: Record<CheckoutState, StateView> = {
  pay: view('pay', states('pay'), null, 'neutral', true, true),
  // Back from the provider's page, which confirmed it has no answer yet (or by the browser's Back): continue there.
  processing: view('processing', states('processing'), 'clock', 'neutral', true, false),
  paid: view('paid', states('paid'), 'check', 'success', false, false, true),
  declined: view('declined', outcome('declined'), 'close', 'danger', true, true),
  expired: view('expired', outcome('expired'), 'close', 'danger', true, true),
  failed: view('failed', outcome('error'), 'close', 'danger', true, true),
  cancelled: view('cancelled', states('cancelled'), 'close', 'neutral', false, false),
  closed: view('closed', states('closed'), 'clock', 'warning', false, false),
  unconfirmed: view('unconfirmed', { title: 'PaymentOutcome.networkTitle', text: 'PaymentOutcome.unconfirmedText' }, 'clock', 'warning', false, false),
};

/**
 * The page state of a payment's status; `confirmed` false: its provider could not be asked, and a
 * payment that may have succeeded there is never offered for payment again. A cancel stored before
 * 'cancelled' existed was `closed` + outcome 'cancelled'.
 */
export function checkoutState(status: PaymentStatus, lastOutcome: string | null, confirmed = true): StateView {
  if (!confirmed && (status === 'processing' || status === 'declined' || status === 'fail')) return views.unconfirmed;
  switch (status) {
    case 'open':
      return views.pay;
    case 'processing':
      return views.processing;
    case 'paid':
    case 'paidExternally':
      return views.paid;
    case 'declined':
      return lastOutcome === 'expired' ? views.expired : views.declined;
    case 'fail':
      return views.failed;
    case 'cancelled':
      return views.cancelled;
    case 'closed':
      return lastOutcome === 'cancelled' ? views.cancelled : views.closed;
  }
}
