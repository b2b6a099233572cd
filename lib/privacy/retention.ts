import { database } from '@/lib/db';
import { logger, metrics } from '@/lib/observability';
import { ensureErasureLog } from './erasure-log';
import type { DataOwner, RetentionCounts, RetentionScope } from './owners';

/** What the retention job removed, or would remove (`dryRun`). */
export type RetentionReport = RetentionCounts;

/**
 * Deletes or anonymizes what is due (the periods of lib/privacy/policy.ts and RETENTION_* keys)
 * through every domain's own hook (`owners`, lib/personal-data.ts lists them): submissions with their
 * CVs and mails, payer data of old payments (amounts kept), copies of sent mails, the client hashes
 * used for rate limiting. One transaction; safe to run from every instance.
 */
export async function retainWith(owners: readonly DataOwner[], now = new Date(), { dryRun = false } = {}): Promise<RetentionReport> {
  const db = await database();
  const report: RetentionReport = { submissions: 0, cvs: 0, paymentsAnonymized: 0, mails: 0, emlFiles: 0, clientHashes: 0, rateLimitRows: 0 };
  const scope: RetentionScope = { now, at: now.toISOString(), dryRun, refs: [] };
  const add = (counts: Partial<RetentionCounts>) => {
    for (const [key, n] of Object.entries(counts) as [keyof RetentionCounts, number][]) report[key] += n;
  };
  await db.transaction(async (tx) => {
    await tx.lock('billme:retention');
    for (const owner of owners) {
      if (!owner.retain) continue;
      const found = await owner.retain(tx, scope);
      add(found.counts);
      scope.refs.push(...(found.refs ?? []));
    }
  });
  for (const owner of owners) if (owner.retainFiles) add(await owner.retainFiles(scope));
  return report;
}

let timer: NodeJS.Timeout | null = null;

/**
 * Runs the retention job at start and then every hour, for the life of the server process. First makes
 * the erasure log and its key if this is the site's first start (lib/privacy/erasure-log.ts): from then
 * on a missing log means a lost one, which a restore refuses.
 */
export function startRetention(owners: readonly DataOwner[], intervalMs = 3_600_000): void {
  if (timer) return;
  try {
    ensureErasureLog();
  } catch (error) {
    logger('privacy').error({ event: 'erasure_log.unusable', err: error }, 'the erasure log cannot be used: erasures will fail until its key is restored');
  }
  const run = () =>
    retainWith(owners)
      .then((report) => {
        const done = Object.entries(report).filter(([, n]) => n > 0);
        for (const [what, n] of done) metrics().retentionRemoved.inc({ what }, n);
        logger('retention').info({ event: 'retention.applied', ...Object.fromEntries(done) }, done.length ? 'retention applied' : 'retention: nothing expired');
      })
      .catch((error: unknown) => logger('retention').error({ event: 'retention.failed', err: error }, 'retention failed'));
  void run();
  timer = setInterval(run, intervalMs);
  timer.unref();
}

/** Stops the hourly job (on SIGTERM, from the composition root). */
export function stopRetention(): void {
  if (timer) clearInterval(timer);
  timer = null;
}
