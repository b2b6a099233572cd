import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { applyPaymentEvent, type Applied } from './apply';
import { acceptedBrands } from './card';
import { eventOfProviderStatus, providerStatuses } from './machine';
import { activeProvider } from './providers';
import { getPayment, type Payment } from './store';
import { logger } from '@/lib/observability';
import { NOTIFICATION_FIELD_MAX, NOTIFICATION_MAX_BYTES } from '@/lib/limits.ts';

/**
 * Signed server-to-server notifications from the payment provider (POST /api/payments/notify; the
 * contract is in docs/api.md). They tell the site a payment's outcome even when the payer never comes
 * back from the provider's page.
 */
export const SIGNATURE_HEADER = 'Billme-Signature';
/** A signature older or newer than this is refused: a captured notification cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** A notification is a few hundred bytes; anything larger is refused before it is parsed (lib/limits.ts). */
export { NOTIFICATION_MAX_BYTES };
/** The event type the site acts on; others are acknowledged and ignored, so a provider can add types. */
export const NOTIFICATION_TYPE = 'payment.updated';

export const notificationSchema = z.object({
  id: z.string().min(1).max(NOTIFICATION_FIELD_MAX.id),
  type: z.string().min(1).max(NOTIFICATION_FIELD_MAX.type),
  payment_id: z.string().min(1).max(NOTIFICATION_FIELD_MAX.paymentId),
  // Required: a notification that names no provider reference cannot be matched to what was created.
  provider_ref: z.string().min(1).max(NOTIFICATION_FIELD_MAX.providerRef),
  status: z.enum(providerStatuses),
  /** What the provider charged (integer cents), in which currency, for which company: checked against the row. */
  amount: z.number().int().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  company: z.string().min(1).max(NOTIFICATION_FIELD_MAX.company),
  created: z.number().int().positive(),
  /** Optional: the card the payer used (brand and last four digits only). */
  card: z.object({ brand: z.enum(acceptedBrands), last4: z.string().regex(/^\d{4}$/) }).optional(),
  /** Optional, with `declined`: why (`expired`, `declined`), kept as the attempt's outcome. */
  decline_code: z.enum(['declined', 'expired']).optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

const hmac = (secret: string, t: number, body: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`: what the provider sends. */
export function signNotification(body: string, secret = activeProvider().notificationSecret(), now = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/**
 * Checks a signature header against the raw body: the timestamp within 5 minutes of now, and one of
 * its `v1` values (a provider rotating its key may send two) equal to ours, compared in constant time.
 */
export function verifySignature(body: string, header: string | null, secret = activeProvider().notificationSecret(), now = new Date()): boolean {
  if (!header || header.length > NOTIFICATION_FIELD_MAX.signature) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  // Plain decimal digits only: Number() would also take `0x…`, `NNN.0`, `+NNN` and ` NNN`, and the
  // HMAC is over the string as sent, so one signed moment would have several spellings.
  const stamp = parts.find(([key]) => key === 't')?.[1] ?? '';
  if (!/^\d{1,12}$/.test(stamp)) return false;
  const t = Number(stamp);
  if (Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(hmac(secret, t, body), 'hex');
  return parts
    .filter(([key, value]) => key === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value!, 'hex'), expected));
}

export type NotificationResult =
  | { status: 401; outcome: 'bad_signature' }
  | { status: 400; outcome: 'invalid' }
  | { status: 200; outcome: 'applied' | 'replay' | 'refused' | 'no_change' | 'unknown_payment' | 'mismatch' | 'ignored'; applied?: Applied };

/** What in a notification does not match the stored payment (null: it is this payment's). */
function mismatch(event: Notification, payment: Payment): string | null {
  if (payment.providerRef === null || payment.providerRef !== event.provider_ref) return 'provider_ref';
  if (event.amount !== payment.amountCents) return 'amount';
  if (event.currency !== payment.currency) return 'currency';
  if (event.company !== payment.company) return 'company';
  return null;
}

function log(event: string, fields: Record<string, unknown>) {
  logger('payments').warn({ event, ...fields }, event);
}

/**
 * Handles one notification: the signature first (nothing is parsed before), then the event, applied
 * through the state machine once per event id. An event for a payment the site does not know, or whose
 * provider reference differs, answers 200 (the provider stops retrying) and is logged.
 */
export async function receiveNotification(body: string, signature: string | null, now = new Date()): Promise<NotificationResult> {
  if (!verifySignature(body, signature, activeProvider().notificationSecret(), now)) {
    log('payment.notification_bad_signature', { bytes: body.length });
    return { status: 401, outcome: 'bad_signature' };
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = null;
  }
  const parsed = notificationSchema.safeParse(json);
  if (!parsed.success) return { status: 400, outcome: 'invalid' };
  const event = parsed.data;
  if (event.type !== NOTIFICATION_TYPE) return { status: 200, outcome: 'ignored' };

  const payment = await getPayment(event.payment_id);
  if (!payment) {
    log('payment.notification_unknown_payment', { notification: event.id, payment: event.payment_id.slice(0, NOTIFICATION_FIELD_MAX.paymentId) });
    return { status: 200, outcome: 'unknown_payment' };
  }
  // Bound to the payment: a signed event of another payment, amount, currency or company changes nothing.
  const wrong = mismatch(event, payment);
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
    providerRef: event.provider_ref,
    card: event.card,
    outcome: event.decline_code ?? undefined,
  });
  if (!applied) return { status: 200, outcome: 'unknown_payment' };
  return { status: 200, outcome: applied.replay ? 'replay' : applied.refused ? 'refused' : 'applied', applied };
}
