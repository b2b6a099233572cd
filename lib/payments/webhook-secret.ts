import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dataDir } from '@/lib/db';
import { env } from '@/lib/env';

let cached: string | null = null;

/**
 * The key of the provider's signed notifications. PAYMENT_WEBHOOK_SECRET when set (lib/env.ts refuses
 * to start `remote` without it). Otherwise the embedded default's own key: made once, at first use,
 * in DATA_DIR/payment-webhook-secret (readable by the site's user only), so that the test provider
 * signs its notifications and the site checks them with the same key across restarts. `wx` makes two
 * processes starting together agree on the first one written.
 */
export function webhookSecret(): string {
  if (env.PAYMENT_WEBHOOK_SECRET) return env.PAYMENT_WEBHOOK_SECRET;
  if (cached) return cached;
  const file = path.join(/*turbopackIgnore: true*/ dataDir(), 'payment-webhook-secret');
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(/*turbopackIgnore: true*/ file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  cached = fs.readFileSync(/*turbopackIgnore: true*/ file, 'utf8').trim();
  if (cached.length < 32) throw new Error(`${file} does not hold a usable key; delete it to make a new one`);
  return cached;
}
