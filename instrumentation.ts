/**
 * Runs once when the server starts.
 * - Spec 7: on the first server-side load, pages, guides and articles are fetched in that order and
 *   failures are ignored — here for every language, so the first visitors find the cache warm.
 * - The outbox worker does what waits after a request was stored (delivery to the remote API, mail).
 *   On SIGTERM (server.mjs) it takes no new work and settles the row it holds, after the requests in
 *   flight are done.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { warmContent } = await import('@/lib/content/warm');
  void warmContent();
  const { startOutboxWorker, stopOutboxWorker } = await import('@/lib/outbox');
  const { closeDatabase } = await import('@/lib/db');
  startOutboxWorker();
  // Personal data is kept only as long as the privacy policy says (lib/privacy).
  const { startRetention } = await import('@/lib/privacy/retention');
  startRetention();
  // The metrics' gauges read the database and the content API's state at scrape time (lib/observability).
  const { startMetricsCollection } = await import('@/lib/observability');
  const { contentApiPaused } = await import('@/lib/content');
  startMetricsCollection({ contentPaused: contentApiPaused });
  (await import('@/lib/payments')).startReconciliation(); // payments stuck in processing: asked at the provider (one instance at a time)
  // Company facts still unknown show as markers on the site: say so once (npm run check:facts lists them).
  const { env } = await import('@/lib/env');
  if (env.NODE_ENV === 'production') (await import('@/lib/site/facts')).warnAboutOpenFacts(env.BACKUP_KEEP_DAYS);
  // server.mjs calls this on SIGTERM once the requests in flight are done.
  (globalThis as { __billmeShutdown?: () => Promise<void> }).__billmeShutdown = async () => {
    await stopOutboxWorker();
    await closeDatabase();
  };
}
