/** The Billme notification dialect (docs/api.md): what the test, sandbox and remote providers share. */
import { notificationSchema, NOTIFICATION_TYPE } from './contract';
import { SIGNATURE_HEADER, verifyBody } from './billme-signature';
import type { NotificationRead, PaymentProvider } from './provider';
import { NOTIFICATION_FIELD_MAX } from '@/lib/limits.ts';

/**
 * Reads a notification of this dialect: the `Billme-Signature` header checked against the raw bytes
 * with the provider's secret before anything is parsed, then the body's schema, then its type.
 */
export function readBillmeNotification(input: { headers: Headers; body: string }, secret: string, now = new Date()): NotificationRead {
  if (!verifyBody(input.body, input.headers.get(SIGNATURE_HEADER), secret, now)) return { kind: 'bad_signature' };
  let json: unknown;
  try {
    json = JSON.parse(input.body);
  } catch {
    return { kind: 'invalid' };
  }
  const parsed = notificationSchema.safeParse(json);
  if (!parsed.success) return { kind: 'invalid' };
  const e = parsed.data;
  // Only payment.updated is acted on; a provider may add types.
  if (e.type !== NOTIFICATION_TYPE) return { kind: 'ignored' };
  return {
    kind: 'event',
    event: {
      id: e.id, paymentId: e.payment_id, providerRef: e.provider_ref, status: e.status, amount: e.amount, currency: e.currency, company: e.company,
      ...(e.card ? { card: e.card } : {}),
      ...(e.decline_code ? { declineCode: e.decline_code } : {}),
    },
  };
}

/** The payment id a body names (untrusted: only to find whose secret checks it). */
export function billmePaymentHint(body: string): string | null {
  try {
    const id = (JSON.parse(body) as { payment_id?: unknown })?.payment_id;
    return typeof id === 'string' && id.length <= NOTIFICATION_FIELD_MAX.paymentId ? id : null;
  } catch {
    return null;
  }
}

/** The dialect's two members of a provider, for a given secret. */
export const billmeNotifications = (secret: () => string): Pick<PaymentProvider, 'readNotification' | 'paymentHint'> => ({
  readNotification: (input, now) => readBillmeNotification(input, secret(), now),
  paymentHint: billmePaymentHint,
});
