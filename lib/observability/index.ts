/**
 * Observability's one door: the logger (pino, one JSON line per event, nothing personal), the metrics
 * (prom-client, served by server.mjs on METRICS_PORT, never the public port), what the metrics read from
 * the database at scrape time, and the CSP report endpoint's logic.
 *
 * server.mjs, which runs outside Next's bundles, uses `http.mjs` of this folder directly.
 */
import { setContentPausedSource, setDatabaseSource } from './metrics.mjs';
import { readDatabaseSnapshot } from './database';

export { logger, scrub, type Logger } from './logger.mjs';
export { metrics, metricsText } from './metrics.mjs';
export { databaseReady, outboxOldestAgeSeconds, readDatabaseSnapshot } from './database';
export { handleCspReport } from './csp-report';

/**
 * Hands the metrics what they read at scrape time (the composition root calls it once at start-up):
 * the database's gauges, and whether the content API is paused.
 */
export function startMetricsCollection({ contentPaused }: { contentPaused: () => boolean }): void {
  setDatabaseSource(() => readDatabaseSnapshot());
  setContentPausedSource(contentPaused);
}
