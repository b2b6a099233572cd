/**
 * Observability's one door: the logger (pino, one JSON line per event, nothing personal), the metrics
 * (prom-client, served by server.ts on METRICS_PORT, never the public port) and the CSP report
 * endpoint's logic. What the metrics read from the database at scrape time is lib/db's snapshot, handed
 * in by the composition root, so observability imports no domain.
 *
 * server.ts, which runs outside Next's bundles, uses `http.ts` of this folder directly.
 */
import { setContentPausedSource, setDatabaseSource, type DatabaseSnapshot } from './metrics.ts';

export { logger, scrub, type Logger } from './logger.ts';
export { metrics, metricsText } from './metrics.ts';
export { handleCspReport } from './csp-report';

/** The label values known in advance (the outbox's topics, the payment statuses): reported at 0 while none is counted. */
export type KnownLabels = { topics: readonly string[]; paymentStatuses: readonly string[] };

/**
 * A snapshot with every known topic and status present, at 0 when the tables have none: a gauge with
 * no sample reads as "no data" to a dashboard or an alert (`billme_outbox_waiting > 100` never fires,
 * and never resolves). Only when the database answered: unknown is not zero.
 */
export function withZeros(snapshot: DatabaseSnapshot, known: KnownLabels): DatabaseSnapshot {
  if (!snapshot.ready) return snapshot;
  const topics = new Set(snapshot.outbox.map((row) => row.topic));
  const statuses = new Set(snapshot.payments.map((row) => row.status));
  return {
    ...snapshot,
    outbox: [...snapshot.outbox, ...known.topics.filter((topic) => !topics.has(topic)).map((topic) => ({ topic, waiting: 0, oldestSeconds: 0 }))],
    payments: [...snapshot.payments, ...known.paymentStatuses.filter((status) => !statuses.has(status)).map((status) => ({ status, count: 0 }))],
  };
}

/**
 * Hands the metrics what they read at scrape time (the composition root calls it once at start-up):
 * the database's gauges, with the known label values at 0, and whether the content API is paused.
 */
export function startMetricsCollection({
  contentPaused,
  databaseSnapshot,
  known,
}: {
  contentPaused: () => boolean;
  databaseSnapshot: () => Promise<DatabaseSnapshot>;
  known: KnownLabels;
}): void {
  setDatabaseSource(async () => withZeros(await databaseSnapshot(), known));
  setContentPausedSource(contentPaused);
}
