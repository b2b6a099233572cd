import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dataDir, privateDir } from '@/lib/db';
import { env } from '@/lib/env';
import { mailboxOf } from '@/lib/forms/email';
import { clientHeader, processValue } from '@/lib/handoff.ts';
import { clientGroup } from '@/lib/client-group';

/**
 * The client's address, as server.ts determined it from the socket or, behind TRUSTED_PROXY_HOPS
 * trusted proxies, from the X-Forwarded-For entry the outermost of them added. It arrives in a header
 * whose name is secret to this process (so no client can send it). Outside server.ts (`next dev`,
 * tests) the rightmost X-Forwarded-For entry stands in; a production server started any other way
 * trusts nothing, and all its clients share one rate-limit key. Only a keyed hash of it is ever stored.
 */
export function clientAddress(headers: Headers): string | null {
  const trusted = clientHeader();
  if (trusted) return headers.get(trusted) || null;
  if (env.NODE_ENV === 'production') return null;
  const entries = (headers.get('x-forwarded-for') ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  return entries.at(-1) ?? null;
}

/** The key's file when CLIENT_HASH_KEY is not set (one instance, the embedded default). */
export const clientHashKeyFile = () => path.join(/*turbopackIgnore: true*/ dataDir(), 'client-hash.key');

/**
 * The secret of the client and recipient hashes (issue 47, finding 10: an unkeyed hash of an IPv4
 * address is reversed in a second by trying all 2^32). CLIENT_HASH_KEY, the same on every instance so
 * that they count one client alike; without it, a key made at first use in DATA_DIR (0600), fine for
 * one instance. Rotating it (docs/operations.md) restarts the rate-limit windows; nothing else breaks.
 */
const held = processValue('client-hash-key', () => ({ key: null as string | null, from: null as string | null }));

export function clientHashKey(): string {
  const source = env.CLIENT_HASH_KEY ?? clientHashKeyFile();
  if (held.key && held.from === source) return held.key;
  let key = env.CLIENT_HASH_KEY;
  if (!key) {
    const file = clientHashKeyFile();
    privateDir(path.dirname(file));
    try {
      fs.writeFileSync(/*turbopackIgnore: true*/ file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    key = fs.readFileSync(/*turbopackIgnore: true*/ file, 'utf8').trim();
  }
  held.key = key;
  held.from = source;
  return key;
}

const keyed = (text: string) => createHmac('sha256', clientHashKey()).update(text).digest('hex').slice(0, 32);

/** One client as every limit counts it (./group.ts: an IPv4 address, an IPv6 /64), as a keyed hash. */
export function clientKey(address: string | null): string {
  return keyed(`billme-client:${clientGroup(address)}`);
}

/**
 * A mail recipient as the per-recipient limit counts it: a keyed hash of the normalized address's
 * mailbox, so `anna+1@…`, `anna+2@…` and `anna@…` are one recipient (they reach one inbox).
 */
export function recipientKey(normalizedAddress: string): string {
  return keyed(`billme-recipient:${mailboxOf(normalizedAddress)}`);
}
