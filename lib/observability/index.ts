/**
 * Observability's one door: the logger (pino, one JSON line per event, nothing personal), the metrics
 * (prom-client, served by server.ts on METRICS_PORT, never the public port) and the CSP report
 * endpoint's logic. What the metrics read from the database at scrape time is lib/db's snapshot, handed
 * in by the composition root, so observability imports no domain.
 *
 * server.ts, which runs outside Next's bundles, uses `http.mjs` of this folder directly.
 */
import { setContentPausedSource, setDatabaseSource, type DatabaseSnapshot } from './metrics.ts';

export { logger, scrub, type Logger } from './logger.ts';
export { metrics, metricsText } from './metrics.ts';
export { handleCspReport } from './csp-report';

/**
 * Hands the metrics what they read at scrape time (the composition root calls it once at start-up):
 * the database's gauges, and whether the content API is paused.
 */
export function startMetricsCollection({ contentPaused, databaseSnapshot }: { contentPaused: () => boolean; databaseSnapshot: () => Promise<DatabaseSnapshot> }): void {
  setDatabaseSource(databaseSnapshot);
  setContentPausedSource(contentPaused);
}
