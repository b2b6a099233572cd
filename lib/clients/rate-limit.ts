import { database } from '@/lib/db';

export type RateLimit = { limit: number; windowSeconds: number };
export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * A sliding window per client and bucket (a form): at most `limit` counted requests in any
 * `windowSeconds`. Counted in the database, so every instance sees the same count; the check and the
 * count are one transaction under a lock, so a burst cannot slip past the limit.
 */
export async function takeRateLimit(bucket: string, client: string, { limit, windowSeconds }: RateLimit, now = new Date()): Promise<RateDecision> {
  const db = await database();
  const since = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  return db.transaction(async (tx) => {
    await tx.lock(`rate:${bucket}:${client}`);
    const recent = await tx.get<{ count: number; oldest: string | null }>(
      'SELECT COUNT(*) AS count, MIN(at) AS oldest FROM rate_limit_hits WHERE bucket = ? AND client = ? AND at >= ?',
      [bucket, client, since],
    );
    if (recent && Number(recent.count) >= limit) {
      const reopens = recent.oldest ? new Date(recent.oldest).getTime() + windowSeconds * 1000 : now.getTime();
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((reopens - now.getTime()) / 1000)) };
    }
    await tx.run('INSERT INTO rate_limit_hits (bucket, client, at) VALUES (?, ?, ?)', [bucket, client, now.toISOString()]);
    return { ok: true };
  });
}
