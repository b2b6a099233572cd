import { applyPaymentEvent, type Applied, type EventSource } from './apply';
import type { Company } from './catalogue';
import { isPayable, eventOfProviderStatus } from './machine';
import { activeProvider, providerOf } from './providers';
import { getPayment, type Payment } from './store';

/**
 * What routes, actions and jobs do with a payment, whichever provider runs. Each status change goes
 * through applyPaymentEvent (the state machine); nothing here writes a status itself.
 */

/**
 * Sends a payment to the provider: created there (the payment id as idempotency key, so a resent form
 * creates nothing new), then `redirected` to processing. Answers where to send the payer. A payment
 * the payer can no longer pay (paid, cancelled, closed) is not sent: null.
 */
export async function sendToProvider(payment: Payment, company: Company, returnUrl: string, locale = payment.locale): Promise<string | null> {
  if (!isPayable(payment.status) && payment.status !== 'processing') return null;
  const lang = new Intl.Locale(locale).language as keyof Company['services'][number]['label'];
  const service = company.services.find((s) => s.id === payment.service);
  const provider = payment.status === 'open' ? activeProvider() : providerOf(payment);
  const started = await provider.start({
    payment,
    description: `${company.label}: ${service?.label[lang] ?? service?.label.en ?? payment.service}`,
    companyLabel: company.label,
    returnUrl,
    locale,
  });
  // Again at the provider (after a refused card, or a resent form) only needs the address again.
  if (payment.status !== 'processing') await applyPaymentEvent(payment.id, { event: 'redirected', source: 'start', providerRef: started.ref });
  return started.redirect;
}

/** The payer gives up on the site's checkout page: cancelled, only where the payer could still pay. */
export async function cancelPayment(paymentId: string): Promise<Applied | null> {
  const payment = await getPayment(paymentId);
  if (!payment || !isPayable(payment.status)) return null;
  return applyPaymentEvent(paymentId, { event: 'cancelled', source: 'payer' });
}

/**
 * Asks the payment's provider how it stands and applies its answer (the payer's return, and
 * reconciliation). A provider that cannot be reached throws PaymentProviderError and changes nothing.
 */
export async function settleWithProvider(payment: Payment, source: EventSource): Promise<Applied | null> {
  const provider = providerOf(payment);
  if (!provider.capabilities.fetchStatus || !payment.providerRef) return null;
  const event = eventOfProviderStatus(await provider.fetchStatus(payment));
  return event ? applyPaymentEvent(payment.id, { event, source, outcome: event }) : null;
}
