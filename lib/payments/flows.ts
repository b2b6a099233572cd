import { randomUUID } from 'node:crypto';
import { applyPaymentEvent, type Applied, type EventSource } from './apply';
import type { CheckedCard } from './card';
import type { Company } from './catalogue';
import { eventOfProviderStatus } from './machine';
import { receiveNotification, NOTIFICATION_TYPE, signNotification } from './notifications';
import { createRemotePayment, remotePaymentStatus, testOutcome, testVerdict, type TestOutcome } from './providers';
import { getPayment, type Payment } from './store';

/**
 * What routes, actions and jobs do with a payment. Each status change goes through applyPaymentEvent
 * (the state machine); nothing here writes a status itself.
 */

/**
 * Sends a remote payment to the provider: created there (the payment id as idempotency key, so a
 * resent form creates nothing new), then `redirected` to processing. Answers where to send the payer.
 */
export async function sendToProvider(payment: Payment, company: Company, returnUrl: string): Promise<string> {
  const service = company.services.find((s) => s.id === payment.service);
  const remote = await createRemotePayment(payment, `${company.label}: ${service?.label.en ?? payment.service}`, returnUrl);
  // A resent form of a payment already at the provider only needs the address again.
  if (payment.status === 'open') await applyPaymentEvent(payment.id, { event: 'redirected', source: 'start', providerRef: remote.ref });
  return remote.redirect;
}

/**
 * The test provider's card step. A refused card is its own answer (`declined`, the payer may try
 * another). A success or a processing error is the provider's verdict: it sends the site a signed
 * notification, handled by the same code as a remote provider's (`receiveNotification`).
 */
export async function payWithTestCard(payment: Payment, card: CheckedCard): Promise<{ outcome: TestOutcome; payment: Payment }> {
  const outcome = testOutcome(card.digits);
  const verdict = testVerdict(outcome);
  const used = { brand: card.brand, last4: card.last4 };
  if (!verdict) {
    await applyPaymentEvent(payment.id, { event: 'declined', source: 'checkout', card: used, outcome });
  } else {
    const body = JSON.stringify({
      id: `evt_test_${randomUUID()}`,
      type: NOTIFICATION_TYPE,
      payment_id: payment.id,
      provider_ref: payment.providerRef ?? `test_${payment.id}`,
      status: verdict,
      created: Math.floor(Date.now() / 1000),
      card: used,
    });
    const answer = await receiveNotification(body, signNotification(body));
    if (answer.status !== 200) throw new Error(`the test provider's notification was refused: ${answer.outcome}`);
  }
  return { outcome, payment: (await getPayment(payment.id))! };
}

/** The payer gives up on the checkout page: cancelled, if the table allows it from where it is. */
export async function cancelPayment(paymentId: string): Promise<Applied | null> {
  return applyPaymentEvent(paymentId, { event: 'cancelled', source: 'payer' });
}

/**
 * Asks the remote provider how a payment stands and applies its answer (the payer's return, and
 * reconciliation). A provider that cannot be reached throws PaymentProviderError and changes nothing.
 */
export async function settleWithProvider(payment: Payment, source: EventSource): Promise<Applied | null> {
  if (payment.provider !== 'remote' || !payment.providerRef) return null;
  const event = eventOfProviderStatus(await remotePaymentStatus(payment));
  return event ? applyPaymentEvent(payment.id, { event, source, outcome: event }) : null;
}
