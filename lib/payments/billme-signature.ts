/**
 * The Billme notification signature (Stripe's webhook scheme): `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">`. Pure: the sandbox provider signs with it, the site's providers of this dialect check
 * with it (billme-dialect.ts). No import of the site's storage or environment.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_FIELD_MAX } from '@/lib/limits.ts';

export const SIGNATURE_HEADER = 'Billme-Signature';
/** A signature older or newer than this is refused: a captured notification cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, t: number, body: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

export function signBody(body: string, secret: string, now = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/**
 * Checks a signature header against the raw body: the timestamp within 5 minutes of now, and one of
 * its `v1` values (a provider rotating its key may send two) equal to ours, compared in constant time.
 */
export function verifyBody(body: string, header: string | null, secret: string, now = new Date()): boolean {
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
