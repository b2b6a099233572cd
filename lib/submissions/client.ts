import { createHash } from 'node:crypto';
import { env } from '@/lib/env';
import { mailboxOf } from '@/lib/forms/email';
import { clientHeader } from '@/lib/handoff.ts';
import { clientGroup } from '@/lib/client-group';

export { clientGroup };

/**
 * The client's address, as server.ts determined it from the socket or, behind TRUSTED_PROXY_HOPS
 * trusted proxies, from the X-Forwarded-For entry the outermost of them added. It arrives in a header
 * whose name is secret to this process (so no client can send it). Outside server.ts (`next dev`,
 * tests) the rightmost X-Forwarded-For entry stands in; a production server started any other way
 * trusts nothing, and all its clients share one rate-limit key. Only a hash of it is ever stored.
 */
export function clientAddress(headers: Headers): string | null {
  const trusted = clientHeader();
  if (trusted) return headers.get(trusted) || null;
  if (env.NODE_ENV === 'production') return null;
  const entries = (headers.get('x-forwarded-for') ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  return entries.at(-1) ?? null;
}

export function clientKey(address: string | null): string {
  return createHash('sha256').update(`billme-client:${clientGroup(address)}`).digest('hex').slice(0, 32);
}

/**
 * A mail recipient as the per-recipient limit counts it: a hash of the normalized address's mailbox, so
 * `anna+1@…`, `anna+2@…` and `anna@…` are one recipient (they reach one inbox).
 */
export function recipientKey(normalizedAddress: string): string {
  return createHash('sha256').update(`billme-recipient:${mailboxOf(normalizedAddress)}`).digest('hex').slice(0, 32);
}
