/**
 * The composition root: the one file that knows every background job and every outbox topic. Next
 * calls `register()` once when the server starts. To add a job, add a line here and keep the job in
 * its own domain folder; to add an outbox topic, add one `registerOutboxHandler` line below.
 *
 * - Spec 7: on the first server-side load, pages, guides and articles are fetched in that order and
 *   failures are ignored: here for every language, so the first visitors find the cache warm.
 * - The outbox worker does what waits after a request was stored (delivery to the remote API, mail).
 * - The retention job removes personal data when the privacy policy says (every hour).
 * - Reconciliation asks the provider about payments stuck in processing (lib/payments).
 * - On SIGTERM, server.ts runs the shutdown work registered here (lib/handoff.ts), after the
 *   requests in flight are done: the outbox settles the row it holds, the timers stop, the database
 *   closes.
 *
 * Imports are dynamic: Next also compiles this file for the edge runtime, which must not load them.
 */

/** The outbox's topics and who does them (also called by the tests that deliver). */
export async function registerOutboxHandlers(): Promise<void> {
  const [{ registerOutboxHandler }, { sendMail }, { deliverSubmission }] = await Promise.all([
    import('@/lib/outbox'),
    import('@/lib/mail'),
    import('@/lib/submissions'),
  ]);
  registerOutboxHandler('submission', deliverSubmission);
  registerOutboxHandler('mail', sendMail);
}

export async function register() {
  // Next's own flag, set per bundle at build time: lib/env.ts cannot be loaded before this check.
  // eslint-disable-next-line billme/process-env -- the one read outside lib/env.ts, on purpose
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { missingGuarantees, onShutdown } = await import('@/lib/handoff.ts');
  const missing = missingGuarantees();
  const { env } = await import('@/lib/env');
  if (missing.length && env.NODE_ENV === 'production') {
    console.warn(`[start] running without server.ts (start with \`npm start\`, not \`next start\`): ${missing.join('; ')}`);
  }

  // The release gate: a public site does not start while required company facts are open (lib/facts/gate.ts).
  (await import('@/lib/facts/gate')).enforceReleaseGate({ siteUrl: env.NEXT_PUBLIC_SITE_URL, release: env.RELEASE, allowOpenFacts: env.ALLOW_OPEN_FACTS });

  const { warmContent } = await import('@/lib/content');
  void warmContent();

  await registerOutboxHandlers();
  const { startOutboxWorker, stopOutboxWorker } = await import('@/lib/outbox');
  startOutboxWorker();
  const { startRetention, stopRetention } = await import('@/lib/privacy');
  startRetention();
  // Payments stuck in processing: asked at the provider (one instance at a time).
  const { startReconciliation, stopReconciliation } = await import('@/lib/payments');
  startReconciliation();
  // The metrics' gauges read the database and the content API's state at scrape time (lib/observability).
  const { startMetricsCollection } = await import('@/lib/observability');
  const { contentApiPaused } = await import('@/lib/content');
  const { readDatabaseSnapshot } = await import('@/lib/db');
  const { outboxTopics } = await import('@/lib/outbox');
  const { paymentStatuses } = await import('@/lib/payments');
  startMetricsCollection({ contentPaused: contentApiPaused, databaseSnapshot: readDatabaseSnapshot, known: { topics: outboxTopics(), paymentStatuses } });
  // Company facts still unknown show as markers on the site: say so once (npm run check:facts lists them).
  if (env.NODE_ENV === 'production') (await import('@/lib/facts/facts')).warnAboutOpenFacts(env.BACKUP_KEEP_DAYS);

  const { closeDatabase } = await import('@/lib/db');
  // Run last registered first: the database closes after the jobs that use it have stopped.
  onShutdown(closeDatabase);
  onShutdown(stopRetention);
  onShutdown(stopReconciliation);
  onShutdown(stopOutboxWorker);
}
