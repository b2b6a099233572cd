import { randomUUID } from 'node:crypto';
import { database } from '@/lib/db';
import { processValue } from '@/lib/handoff.ts';
import { env } from '@/lib/env';
import { settleWithProvider } from './flows';
import { listProcessing } from './store';
import { logger } from '@/lib/observability';

/**
 * Reconciliation: a payment still `processing` PAYMENT_RECONCILE_AFTER minutes after its last change
 * (the payer never came back and the notification was lost) is asked about at the provider, and the
 * answer goes through the state machine. A provider that is down changes nothing: the next round asks
 * again.
 *
 * One instance at a time, through the database: a lease row in `job_leases` is taken with one
 * conditional statement (free, expired, or already ours), so two instances never ask together, and a
 * holder that dies frees it when the lease ends.
 */
const LEASE_NAME = 'payments:reconcile';
const LEASE_SECONDS = 300;
const holder = `${process.pid}-${randomUUID()}`;

export type ReconcileReport = { leased: boolean; checked: number; changed: number; failed: number };

async function takeLease(now: Date, who: string): Promise<boolean> {
  const db = await database();
  const until = new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString();
  await db.run('INSERT INTO job_leases (name, holder, until) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING', [LEASE_NAME, '', now.toISOString()]);
  const taken = await db.run('UPDATE job_leases SET holder = ?, until = ? WHERE name = ? AND (until <= ? OR holder = ?)', [who, until, LEASE_NAME, now.toISOString(), who]);
  return taken === 1;
}

async function releaseLease(who: string): Promise<void> {
  const db = await database();
  await db.run('UPDATE job_leases SET until = ? WHERE name = ? AND holder = ?', [new Date(0).toISOString(), LEASE_NAME, who]);
}

/** One round (`now` can be moved forward in tests; `who` stands for another instance there). */
export async function reconcilePayments(now = new Date(), who = holder): Promise<ReconcileReport> {
  if (!(await takeLease(now, who))) return { leased: false, checked: 0, changed: 0, failed: 0 };
  const report: ReconcileReport = { leased: true, checked: 0, changed: 0, failed: 0 };
  const started = Date.now();
  try {
    for (const payment of await listProcessing(new Date(now.getTime() - env.PAYMENT_RECONCILE_AFTER * 60_000))) {
      // A long round keeps its lease: renewed before each provider call (at most 10 s each).
      if (!(await takeLease(new Date(now.getTime() + Date.now() - started), who))) break;
      report.checked++;
      try {
        if ((await settleWithProvider(payment, 'reconciliation'))?.changed) report.changed++;
      } catch (error) {
        report.failed++;
        logger('payments').warn({ event: 'payment.reconcile_failed', payment: payment.id, err: error }, 'reconciliation failed for a payment');
      }
    }
  } finally {
    await releaseLease(who);
  }
  return report;
}

type Job = { timer: NodeJS.Timeout; running: Promise<unknown> | null };
const holderKey = 'paymentReconciliation';

/** Runs a round every minute for the life of the server process (every instance; the lease picks one). */
export function startReconciliation(intervalMs = 60_000): void {
  const global = processValue<{ job?: Job }>(holderKey, () => ({}));
  if (global.job) return;
  const job: Job = { timer: setInterval(tick, intervalMs), running: null };
  job.timer.unref();
  global.job = job;
  function tick() {
    if (job.running) return;
    job.running = reconcilePayments()
      .then((r) => r.checked > 0 && logger('payments').info({ event: 'payment.reconciled', ...r }, 'payments reconciled'))
      .catch((error: unknown) => logger('payments').error({ event: 'payment.reconcile_round_failed', err: error }, 'reconciliation round failed'))
      .finally(() => (job.running = null));
  }
}

/** Stops the job; a round in progress finishes first (SIGTERM). */
export async function stopReconciliation(): Promise<void> {
  const global = processValue<{ job?: Job }>(holderKey, () => ({}));
  const job = global.job;
  if (!job) return;
  clearInterval(job.timer);
  await job.running;
  global.job = undefined;
}
