import { env } from '@/lib/env';
import { countRows, type DataOwner } from '@/lib/privacy';

/**
 * The clients domain's part of retention (lib/privacy/owners.ts): the rate limits' counted requests, kept
 * as long as the longest window counts them (the per-recipient mail limit counts a day). They hold
 * keyed hashes only, never an address, so erasure has nothing of a person's here.
 */
export const clientsData: DataOwner = {
  domain: 'clients',
  tables: ['rate_limit_hits'],
  async retain(tx, { now, dryRun }) {
    const seconds = Math.max(env.RETENTION_CLIENT_HOURS * 3600, env.FORM_RATE_WINDOW_SECONDS, env.PAYMENT_RATE_WINDOW_SECONDS, 86_400);
    const before = new Date(now.getTime() - seconds * 1000).toISOString();
    const rateLimitRows = await countRows(tx, 'rate_limit_hits WHERE at < ?', [before]);
    if (!dryRun) await tx.run('DELETE FROM rate_limit_hits WHERE at < ?', [before]);
    return { counts: { rateLimitRows } };
  },
};
