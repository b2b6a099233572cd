/** What routes, actions and jobs do with a payment, whichever provider runs; each status change goes through applyPaymentEvent. */
import { env } from '@/lib/env';
import { HttpError } from '@/lib/http/errors';
import { applyPaymentEvent, type Applied, type EventSource } from './apply';
import type { Company } from './catalogue';
import { isPaid, isPayable, eventOfProviderStatus, nextStatus } from './machine';
import type { PaymentProvider } from './provider';
import { activeProvider, providerOf } from './providers';
import { getPayment, type Payment } from './store';
import { logger } from '@/lib/observability';

/** The provider named an address outside its hosted origins (PAYMENT_HOSTED_ORIGINS): the payer is not sent there. */
export class PaymentRedirectRefused extends HttpError {
  /** The refused address's origin (never followed). */
  readonly target: string;
  constructor(target: string) {
    super(503, 'payment_redirect_refused', 'The payment provider answered an address outside PAYMENT_HOSTED_ORIGINS');
    this.target = target;
  }
}

/**
 * Where the payer goes: the provider's address if its origin is one of the provider's hosted origins
 * (a page the site serves itself: a path on the address the payer came to, `origin`). Anything else
 * is refused (logged with its origin only), never followed: a provider's API misconfigured or tampered
 * with must not send payers to another site, and the checkout's CSP would block it in Chromium anyway.
 */
export function hostedTarget(provider: PaymentProvider, redirect: string, origin: string): URL {
  const allowed = provider.hostedOrigins();
  const own = allowed === 'self';
  const target = own && /^\/(?![/\\])/.test(redirect) ? new URL(redirect, origin) : URL.parse(redirect);
  const ok = target !== null && /^https?:$/.test(target.protocol) && (own ? target.origin === origin : allowed.includes(target.origin));
  if (!ok) {
    logger('payments').error({ event: 'payment.redirect_refused', provider: provider.name, origin: target?.origin ?? 'unparsable' }, 'the provider answered an address outside its hosted origins');
    throw new PaymentRedirectRefused(target?.origin ?? '');
  }
  return target;
}

/** The notification address of a provider: its own path under /api/payments/notify. */
const notifyUrl = (provider: PaymentProvider) => `${env.NEXT_PUBLIC_SITE_URL}/api/payments/notify/${provider.name}`;

/** The payment has been at its provider: its word counts before the site's own status. */
const atProvider = (payment: Payment) => payment.providerRef !== null && providerOf(payment).capabilities.fetchStatus;

/**
 * Sends a payment to the provider: created there (the payment id as idempotency key, so a resent form
 * creates nothing new), then `redirected` to processing. Answers where to send the payer (`origin`: the
 * address the payer came to). A payment the payer can no longer pay is not sent: null. One that was at
 * the provider already is asked about first: a payment that may have succeeded is never paid twice.
 */
export async function sendToProvider(payment: Payment, company: Company, returnUrl: string, origin: string, locale = payment.locale): Promise<URL | null> {
  if (!isPayable(payment.status) && payment.status !== 'processing') return null;
  if (atProvider(payment)) {
    const settled = await settleWithProvider(payment, 'checkout');
    const now = settled?.payment ?? payment;
    if (!isPayable(now.status) && now.status !== 'processing') return null;
    payment = now;
  }
  const lang = new Intl.Locale(locale).language as keyof Company['services'][number]['label'];
  const service = company.services.find((s) => s.id === payment.service);
  const provider = payment.status === 'open' ? activeProvider() : providerOf(payment);
  const started = await provider.start({
    payment,
    description: `${company.label}: ${service?.label[lang] ?? service?.label.en ?? payment.service}`,
    companyLabel: company.label,
    returnUrl,
    notifyUrl: notifyUrl(provider),
    locale,
  });
  const target = hostedTarget(provider, started.redirect, origin);
  // Again at the provider (after a refused card, or a resent form) only needs the address again.
  if (payment.status !== 'processing') await applyPaymentEvent(payment.id, { event: 'redirected', source: 'start', providerRef: started.ref });
  return target;
}

/**
 * What cancelling did: `cancelled` (the provider confirmed, or the payment never reached it);
 * `paid` (it had been paid there after all: the receipt follows); `refused` (the provider keeps it
 * open, or cannot cancel); `notPayable` (nothing to cancel).
 */
export type CancelOutcome = 'cancelled' | 'paid' | 'refused' | 'notPayable';

/**
 * The payer gives up on the site's checkout page. A payment that was at its provider is cancelled there
 * first: the site says "nothing has been charged" only once the provider confirmed it, and nothing
 * stays payable on the provider's page. A provider that cannot be reached throws PaymentProviderError
 * and changes nothing.
 */
export async function cancelPayment(paymentId: string): Promise<{ outcome: CancelOutcome; applied: Applied | null }> {
  const payment = await getPayment(paymentId);
  if (!payment || !isPayable(payment.status)) return { outcome: 'notPayable', applied: null };
  if (payment.providerRef === null) return { outcome: 'cancelled', applied: await applyPaymentEvent(paymentId, { event: 'cancelled', source: 'payer' }) };
  const provider = providerOf(payment);
  if (!provider.capabilities.cancel) return { outcome: 'refused', applied: null };
  const { status, card } = await provider.cancel(payment);
  if (status === 'cancelled') return { outcome: 'cancelled', applied: await applyPaymentEvent(paymentId, { event: 'cancelled', source: 'payer', outcome: 'cancelledAtProvider' }) };
  const event = eventOfProviderStatus(status);
  const applied = event ? await applyPaymentEvent(paymentId, { event, source: 'provider', outcome: event, card: isPaid(nextStatus(payment.status, event) ?? payment.status) ? card : null }) : null;
  return { outcome: applied && isPaid(applied.payment.status) ? 'paid' : 'refused', applied };
}

/**
 * Asks the payment's provider how it stands and applies its answer (the payer's return, a reopened
 * checkout, reconciliation). A provider that cannot be reached throws PaymentProviderError and
 * changes nothing.
 */
export async function settleWithProvider(payment: Payment, source: EventSource): Promise<Applied | null> {
  const provider = providerOf(payment);
  if (!provider.capabilities.fetchStatus || !payment.providerRef) return null;
  const { status, card } = await provider.fetchStatus(payment);
  const event = eventOfProviderStatus(status);
  // The same word again (still declined) is no news: no attempt is recorded for a look.
  if (!event || nextStatus(payment.status, event) === payment.status) return null;
  // The card of a payment taken while the site was not told (the notification lost) is its receipt's.
  return applyPaymentEvent(payment.id, { event, source, outcome: event, card: event === 'paid' || event === 'paidExternally' ? card : null });
}

/**
 * A payment as the checkout page shows it: one that was at its provider and is not final is asked
 * about first (the payer who closed the provider's page after paying sees the receipt, not "pay
 * again"). `confirmed` is false when the provider could not answer: the page then offers no payment.
 */
export async function checkoutPayment(id: string): Promise<{ payment: Payment; confirmed: boolean } | null> {
  const payment = await getPayment(id);
  if (!payment) return null;
  if (!atProvider(payment) || !(isPayable(payment.status) || payment.status === 'processing')) return { payment, confirmed: true };
  try {
    const settled = await settleWithProvider(payment, 'checkout');
    return { payment: settled?.payment ?? (await getPayment(id))!, confirmed: true };
  } catch (error) {
    logger('payments').warn({ event: 'payment.status_unavailable', payment: payment.id, err: error }, 'the provider could not say how a payment stands');
    return { payment, confirmed: false };
  }
}
