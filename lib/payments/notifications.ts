import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { applyPaymentEvent, type Applied } from './apply';
import { acceptedBrands } from './card';
import { eventOfProviderStatus, providerStatuses } from './machine';
import { getPayment } from './store';
import { webhookSecret } from './webhook-secret';
import { logger } from '@/lib/observability';

/**
 * Signed server-to-server notifications from the payment provider (POST /api/payments/notify; the
 * contract is in docs/api.md). They tell the site a payment's outcome even when the payer never comes
 * back from the provider's page.
 */
export const SIGNATURE_HEADER = 'Billme-Signature';
/** A signature older or newer than this is refused: a captured notification cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** A notification is a few hundred bytes; anything larger is refused before it is parsed. */
export const NOTIFICATION_MAX_BYTES = 8 * 1024;
/** The event type the site acts on; others are acknowledged and ignored, so a provider can add types. */
export const NOTIFICATION_TYPE = 'payment.updated';

export const notificationSchema = z.object({
  id: z.string().min(1).max(128),
  type: z.string().min(1).max(64),
  payment_id: z.string().min(1).max(64),
  provider_ref: z.string().max(128).nullish(),
  status: z.enum(providerStatuses),
  created: z.number().int().positive(),
  /** Optional: the card the payer used (brand and last four digits only). */
  card: z.object({ brand: z.enum(acceptedBrands), last4: z.string().regex(/^\d{4}$/) }).optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

const hmac = (secret: string, t: number, body: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`: what the provider sends. */
export function signNotification(body: string, secret = webhookSecret(), now = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/**
 * Checks a signature header against the raw body: the timestamp within 5 minutes of now, and one of
 * its `v1` values (a provider rotating its key may send two) equal to ours, compared in constant time.
 */
export function verifySignature(body: string, header: string | null, secret = webhookSecret(), now = new Date()): boolean {
  if (!header || header.length > 1024) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(hmac(secret, t, body), 'hex');
  return parts
    .filter(([key, value]) => key === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value!, 'hex'), expected));
}

export type NotificationResult =
  | { status: 401; outcome: 'bad_signature' }
  | { status: 400; outcome: 'invalid' }
  | { status: 200; outcome: 'applied' | 'replay' | 'refused' | 'no_change' | 'unknown_payment' | 'ignored'; applied?: Applied };

function log(event: string, fields: Record<string, unknown>) {
  logger('payments').warn({ event, ...fields }, event);
}

/**
 * Handles one notification: the signature first (nothing is parsed before), then the event, applied
 * through the state machine once per event id. An event for a payment the site does not know, or whose
 * provider reference differs, answers 200 (the provider stops retrying) and is logged.
 */
export async function receiveNotification(body: string, signature: string | null, now = new Date()): Promise<NotificationResult> {
  if (!verifySignature(body, signature, webhookSecret(), now)) {
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
  if (!payment || (payment.providerRef && event.provider_ref && payment.providerRef !== event.provider_ref)) {
    log('payment.notification_unknown_payment', { notification: event.id, payment: event.payment_id.slice(0, 64) });
    return { status: 200, outcome: 'unknown_payment' };
  }
  const paymentEvent = eventOfProviderStatus(event.status);
  if (!paymentEvent) return { status: 200, outcome: 'no_change' };
  const applied = await applyPaymentEvent(payment.id, {
    event: paymentEvent,
    source: 'notification',
    eventId: event.id,
    providerRef: event.provider_ref ?? undefined,
    card: event.card,
  });
  if (!applied) return { status: 200, outcome: 'unknown_payment' };
  return { status: 200, outcome: applied.replay ? 'replay' : applied.refused ? 'refused' : 'applied', applied };
}
