import { createHash } from 'node:crypto';
import { env } from '@/lib/env';

/**
 * The client's address: the rightmost X-Forwarded-For entry after skipping TRUSTED_PROXY_HOPS proxies
 * (Next sets the header to the socket's address when no proxy did). Only a hash of it is stored.
 */
export function clientAddress(forwardedFor: string | null): string | null {
  const hops = (forwardedFor ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  return hops[hops.length - 1 - env.TRUSTED_PROXY_HOPS] ?? hops[0] ?? null;
}

export function clientKey(address: string | null): string {
  return createHash('sha256').update(`billme-client:${address ?? 'unknown'}`).digest('hex').slice(0, 32);
}
