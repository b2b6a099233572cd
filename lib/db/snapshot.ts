import { migrated } from './migrate';
import type { Database } from './types';
import type { DatabaseSnapshot } from '@/lib/observability/metrics.ts';

/**
 * What the metrics read from the database at scrape time: readiness, the outbox's waiting rows and the
 * age of the oldest by topic, payments by status and the age of the oldest still processing. Computed
 * from the tables (one grouped query each), so the queue and the payments need no counters of their own
 * and every instance reports the same numbers. Each takes the process's database getter (lib/db/index.ts
 * hands it in), so this file and the door do not import each other.
 */
type Open = () => Promise<Database>;
const TIMEOUT_MS = 2000;

function within<T>(work: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), TIMEOUT_MS);
    timer.unref();
  });
  return Promise.race([work.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

const ageSeconds = (time: string | Date | null | undefined, now: Date) => (time ? Math.max(0, (now.getTime() - new Date(time).getTime()) / 1000) : 0);

/** Is the database reachable and migrated (the readiness check's answer), within two seconds? */
export function databaseReady(database: Open): Promise<boolean> {
  return within(
    (async () => {
      const db = await database();
      return (await db.ready()) && (await migrated(db));
    })(),
    false,
  );
}

/** Outbox rows waiting (pending), with the age of the oldest, by topic. */
export async function outboxWaiting(database: Open, now = new Date()): Promise<DatabaseSnapshot['outbox']> {
  const db = await database();
  const rows = await db.all<{ topic: string; waiting: number | string; oldest: string | Date | null }>(
    `SELECT topic, COUNT(*) AS waiting, MIN(created_at) AS oldest FROM outbox WHERE state = 'pending' GROUP BY topic`,
  );
  return rows.map((row) => ({ topic: row.topic, waiting: Number(row.waiting), oldestSeconds: ageSeconds(row.oldest, now) }));
}

/** The age of the oldest waiting outbox row of any topic (0 when nothing waits); null if unknown. */
export async function outboxOldestAgeSeconds(database: Open): Promise<number | null> {
  const rows = await within(outboxWaiting(database), null);
  return rows && Math.round(Math.max(0, ...rows.map((row) => row.oldestSeconds)));
}

async function payments(database: Open, now: Date): Promise<Pick<DatabaseSnapshot, 'payments' | 'oldestProcessingSeconds' | 'paymentsNeedingReview'>> {
  const db = await database();
  const rows = await db.all<{ status: string; count: number | string; oldest: string | Date | null; review: number | string | null }>(
    `SELECT status, COUNT(*) AS count, MIN(CASE WHEN status = 'processing' THEN created_at END) AS oldest,
       SUM(CASE WHEN review IS NOT NULL AND reviewed_at IS NULL THEN 1 ELSE 0 END) AS review FROM payments GROUP BY status`,
  );
  return {
    payments: rows.map((row) => ({ status: row.status, count: Number(row.count) })),
    oldestProcessingSeconds: ageSeconds(rows.find((row) => row.status === 'processing')?.oldest, now),
    paymentsNeedingReview: rows.reduce((sum, row) => sum + Number(row.review ?? 0), 0),
  };
}

/** One reading for every database gauge; a part that fails or takes over two seconds reads as empty. */
export async function readDatabaseSnapshot(database: Open, now = new Date()): Promise<DatabaseSnapshot> {
  const ready = await databaseReady(database);
  if (!ready) return { ready, outbox: [], payments: [], oldestProcessingSeconds: 0, paymentsNeedingReview: 0 };
  const [outbox, paid] = await Promise.all([within(outboxWaiting(database, now), []), within(payments(database, now), { payments: [], oldestProcessingSeconds: 0, paymentsNeedingReview: 0 })]);
  return { ready, outbox, ...paid };
}
