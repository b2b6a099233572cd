/** Signed server-to-server notifications from the payment providers (POST /api/payments/notify/<provider>; docs/api.md). */
import { applyPaymentEvent, type Applied } from './apply';
import { eventOfProviderStatus } from './machine';
import type { PaymentProvider, ProviderEvent } from './provider';
import { activeProvider, providerNamed, providerOf } from './providers';
import { getPayment, type Payment } from './store';
import { logger } from '@/lib/observability';
import { readBodyUpTo } from '@/lib/request-body';
import { NOTIFICATION_FIELD_MAX, NOTIFICATION_MAX_BYTES } from '@/lib/limits.ts';

/**
 * They tell the site a payment's outcome even when the payer never comes back from the provider's
 * page. Each provider reads and verifies its own (provider.readNotification: its headers, body and
 * secret) and maps it to one event type; the site then binds it to the stored payment and applies it
 * through the state machine once per event id.
 */
export { NOTIFICATION_MAX_BYTES };
/** Every notification path is under this prefix (the body limit's reserve, no per-client brakes: lib/http). */
export const NOTIFY_PREFIX = '/api/payments/notify';

export type NotificationResult =
  | { status: 404; outcome: 'unknown_provider' }
  | { status: 401; outcome: 'bad_signature' }
  | { status: 400; outcome: 'invalid' }
  | { status: 200; outcome: 'applied' | 'replay' | 'refused' | 'no_change' | 'unknown_payment' | 'mismatch' | 'ignored'; applied?: Applied };

/** What in a notification does not match the stored payment (null: it is this payment's). */
function mismatch(event: ProviderEvent, payment: Payment, provider: PaymentProvider): string | null {
  if (payment.provider !== provider.name) return 'provider';
  if (payment.providerRef === null || payment.providerRef !== event.providerRef) return 'provider_ref';
  if (event.amount !== payment.amountCents) return 'amount';
  if (event.currency !== payment.currency) return 'currency';
  if (event.company !== payment.company) return 'company';
  return null;
}

function log(event: string, fields: Record<string, unknown>) {
  logger('payments').warn({ event, ...fields }, event);
}

/**
 * Handles one notification. `providerName`: the path's last segment (/api/payments/notify/<name>); null
 * for the bare path kept for providers configured before, where the payment the body names (untrusted)
 * says whose provider checks it. Either way the signature is verified with the payment's own provider
 * before anything of the body is trusted, and an event for a payment of another provider changes nothing.
 */
export async function receiveNotification(input: { providerName: string | null; headers: Headers; body: string }, now = new Date()): Promise<NotificationResult> {
  let provider = input.providerName === null ? null : providerNamed(input.providerName);
  if (input.providerName !== null && !provider) return { status: 404, outcome: 'unknown_provider' };
  if (!provider) {
    const hinted = await getPayment(activeProvider().paymentHint(input.body) ?? '');
    provider = hinted ? providerOf(hinted) : activeProvider();
  }
  const read = provider.readNotification({ headers: input.headers, body: input.body }, now);
  if (read.kind === 'bad_signature') {
    log('payment.notification_bad_signature', { provider: provider.name, bytes: input.body.length });
    return { status: 401, outcome: 'bad_signature' };
  }
  if (read.kind === 'invalid') return { status: 400, outcome: 'invalid' };
  if (read.kind === 'ignored') return { status: 200, outcome: 'ignored' };
  const event = read.event;

  const payment = await getPayment(event.paymentId);
  if (!payment) {
    log('payment.notification_unknown_payment', { notification: event.id, payment: event.paymentId.slice(0, NOTIFICATION_FIELD_MAX.paymentId) });
    return { status: 200, outcome: 'unknown_payment' };
  }
  // Bound to the payment: a signed event of another provider, payment, amount, currency or company changes nothing.
  const wrong = mismatch(event, payment, provider);
  if (wrong) {
    log('payment.notification_mismatch', { notification: event.id, payment: payment.id, field: wrong });
    return { status: 200, outcome: 'mismatch' };
  }
  const paymentEvent = eventOfProviderStatus(event.status);
  if (!paymentEvent) return { status: 200, outcome: 'no_change' };
  const applied = await applyPaymentEvent(payment.id, {
    event: paymentEvent,
    source: 'notification',
    eventId: event.id,
    providerRef: event.providerRef,
    card: event.card,
    outcome: event.declineCode ?? undefined,
  });
  if (!applied) return { status: 200, outcome: 'unknown_payment' };
  return { status: 200, outcome: applied.replay ? 'replay' : applied.refused ? 'refused' : 'applied', applied };
}

/** A notification's HTTP request as the routes and the embedded provider hand it over, answered as JSON. */
export async function notificationAnswer(providerName: string | null, request: Request): Promise<Response> {
  const json = (status: number, value: unknown) => Response.json(value, { status, headers: { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } });
  const body = await readBodyUpTo(request, NOTIFICATION_MAX_BYTES);
  if (body === null) return json(413, { error: { code: 'too_large', message: `A notification is at most ${NOTIFICATION_MAX_BYTES} bytes` } });
  const result = await receiveNotification({ providerName, headers: request.headers, body });
  if (result.status === 404) return json(404, { error: { code: 'unknown_provider', message: 'No such payment provider' } });
  if (result.status === 401) return json(401, { error: { code: 'bad_signature', message: 'Missing, wrong or stale signature' } });
  if (result.status === 400) return json(400, { error: { code: 'invalid_event', message: 'Not a payment event' } });
  return json(200, { received: true, outcome: result.outcome });
}
