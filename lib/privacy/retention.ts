import fs from 'node:fs';
import path from 'node:path';
import { database, mailDir, type Queries } from '@/lib/db';
import { env } from '@/lib/env';
import { logger, metrics } from '@/lib/observability';
import { ensureErasureLog } from './erasure-log';

/** What the retention job removed, or would remove (`dryRun`). */
export type RetentionReport = {
  submissions: number;
  cvs: number;
  paymentsAnonymized: number;
  mails: number;
  emlFiles: number;
  clientHashes: number;
  rateLimitRows: number;
};

const count = async (q: Queries, sql: string, params: unknown[]) => Number((await q.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${sql}`, params))?.n ?? 0);

function oldEmlFiles(before: Date): string[] {
  const dir = mailDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => path.join(/*turbopackIgnore: true*/ dir, name))
    .filter((file) => fs.statSync(/*turbopackIgnore: true*/ file).mtime < before);
}

/**
 * Deletes or anonymizes what is due (the periods of lib/privacy/policy.ts and RETENTION_* keys):
 * submissions with their CVs and mails, payer data of old payments (amounts kept), copies of sent
 * mails, the client hashes used for rate limiting. One transaction; safe to run from every instance.
 */
export async function applyRetention(now = new Date(), { dryRun = false } = {}): Promise<RetentionReport> {
  const db = await database();
  const at = now.toISOString();
  const mailsBefore = new Date(now.getTime() - env.RETENTION_MAIL_DAYS * 86_400_000);
  const clientsBefore = new Date(now.getTime() - env.RETENTION_CLIENT_HOURS * 3_600_000).toISOString();
  // Kept as long as the longest window counts them (the per-recipient mail limit counts a day).
  const hitsBefore = new Date(now.getTime() - Math.max(env.RETENTION_CLIENT_HOURS * 3600, env.FORM_RATE_WINDOW_SECONDS, env.PAYMENT_RATE_WINDOW_SECONDS, 86_400) * 1000).toISOString();
  const expiredSubmissions = 'SELECT id FROM submissions WHERE retain_until < ?';
  const expiredPayments = 'SELECT id FROM payments WHERE retain_until < ? AND anonymized_at IS NULL';

  const report = await db.transaction(async (tx) => {
    await tx.lock('billme:retention');
    const found: RetentionReport = {
      submissions: await count(tx, 'submissions WHERE retain_until < ?', [at]),
      cvs: await count(tx, `attachments WHERE submission_id IN (${expiredSubmissions})`, [at]),
      paymentsAnonymized: await count(tx, 'payments WHERE retain_until < ? AND anonymized_at IS NULL', [at]),
      mails: await count(
        tx,
        `outbox WHERE topic = 'mail' AND (ref IN (${expiredSubmissions}) OR ref IN (${expiredPayments}) OR (state <> 'pending' AND created_at < ?))`,
        [at, at, mailsBefore.toISOString()],
      ),
      emlFiles: 0,
      clientHashes: await count(tx, 'submissions WHERE client IS NOT NULL AND created_at < ?', [clientsBefore]),
      rateLimitRows: await count(tx, 'rate_limit_hits WHERE at < ?', [hitsBefore]),
    };
    if (dryRun) return found;
    await tx.run(`DELETE FROM outbox WHERE ref IN (${expiredSubmissions}) OR (topic = 'mail' AND ref IN (${expiredPayments}))`, [at, at]);
    await tx.run(`DELETE FROM outbox WHERE topic = 'mail' AND state <> 'pending' AND created_at < ?`, [mailsBefore.toISOString()]);
    await tx.run(`DELETE FROM attachments WHERE submission_id IN (${expiredSubmissions})`, [at]);
    await tx.run('DELETE FROM submissions WHERE retain_until < ?', [at]);
    await tx.run(`UPDATE payments SET payer_name = '', payer_email = '', payer_email_normalized = '', reference = '', anonymized_at = ? WHERE retain_until < ? AND anonymized_at IS NULL`, [at, at]);
    await tx.run('UPDATE submissions SET client = NULL WHERE client IS NOT NULL AND created_at < ?', [clientsBefore]);
    await tx.run('DELETE FROM rate_limit_hits WHERE at < ?', [hitsBefore]);
    return found;
  });

  const files = oldEmlFiles(mailsBefore);
  if (!dryRun) for (const file of files) fs.rmSync(/*turbopackIgnore: true*/ file, { force: true });
  return { ...report, emlFiles: files.length };
}

let timer: NodeJS.Timeout | null = null;

/**
 * Runs the retention job at start and then every hour, for the life of the server process. First makes
 * the erasure log and its key if this is the site's first start (lib/privacy/erasure-log.ts): from then
 * on a missing log means a lost one, which a restore refuses.
 */
export function startRetention(intervalMs = 3_600_000): void {
  if (timer) return;
  try {
    ensureErasureLog();
  } catch (error) {
    logger('privacy').error({ event: 'erasure_log.unusable', err: error }, 'the erasure log cannot be used: erasures will fail until its key is restored');
  }
  const run = () =>
    applyRetention()
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
