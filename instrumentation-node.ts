/**
 * The composition root: the one file that knows every background job and every outbox topic. Next's
 * `register()` (instrumentation.ts) calls `startServerWork()` once when the server starts, under Node
 * only. To add a job, add a line here and keep the job in its own domain folder; to add an outbox topic,
 * add one `registerOutboxHandler` line below.
 *
 * - Spec 7: on the first server-side load, pages, guides and articles are fetched in that order and
 *   failures are ignored: here for every language, so the first visitors find the cache warm.
 * - The outbox worker does what waits after a request was stored (delivery to the remote API, mail).
 * - The retention job removes personal data when the privacy policy says (every hour).
 * - Reconciliation asks the provider about payments stuck in processing (lib/payments).
 * - On SIGTERM, server.ts runs the shutdown work registered here (lib/handoff.ts), after the
 *   requests in flight are done: the outbox settles the row it holds, the timers stop, the database
 *   closes.
 */
import { contentApiPaused, warmContent } from '@/lib/content';
import { closeDatabase, readDatabaseSnapshot } from '@/lib/db';
import { env } from '@/lib/env';
import { warnAboutOpenFacts } from '@/lib/facts/facts';
import { enforceReleaseGate } from '@/lib/facts/gate';
import { missingGuarantees, onShutdown, setMissingPages } from '@/lib/handoff.ts';
import { sendMail } from '@/lib/mail';
import { logger, startMetricsCollection } from '@/lib/observability';
import { outboxTopics, registerOutboxHandler, startOutboxWorker, stopOutboxWorker } from '@/lib/outbox';
import { paymentStatuses, startReconciliation, stopReconciliation } from '@/lib/payments';
import { startRetention, stopRetention } from '@/lib/personal-data';
import { missingPageMark } from '@/lib/site/missing-pages';
import { deliverSubmission } from '@/lib/submissions';

/** The outbox's topics and who does them (also called by the tests that deliver). */
export async function registerOutboxHandlers(): Promise<void> {
  registerOutboxHandler('submission', deliverSubmission);
  registerOutboxHandler('mail', sendMail);
}

/** Everything a Node server of the site starts, once; stopped again by server.ts's shutdown. */
export async function startServerWork(): Promise<void> {
  const missing = missingGuarantees();
  if (missing.length && env.NODE_ENV === 'production') {
    console.warn(`[start] running without server.ts (start with \`npm start\`, not \`next start\`): ${missing.join('; ')}`);
  }

  // The release gate: a public site does not start while required company facts are open (lib/facts/gate.ts).
  enforceReleaseGate({ siteUrl: env.NEXT_PUBLIC_SITE_URL, release: env.RELEASE, allowOpenFacts: env.ALLOW_OPEN_FACTS });

  // server.ts's page cache answers an edition's missing paths with the 404 it kept (lib/site/missing-pages.ts).
  setMissingPages(missingPageMark);

  void warmContent();

  await registerOutboxHandlers();
  startOutboxWorker();
  startRetention();
  // Payments stuck in processing: asked at the provider (one instance at a time).
  startReconciliation();
  // The metrics' gauges read the database and the content API's state at scrape time (lib/observability).
  startMetricsCollection({ contentPaused: contentApiPaused, databaseSnapshot: readDatabaseSnapshot, known: { topics: outboxTopics(), paymentStatuses } });
  // Company facts still unknown show as markers on the site: say so once (npm run check:facts lists them).
  // One JSON line each (lib/observability's logger), as every line server.ts writes.
  const log = logger('facts');
  if (env.NODE_ENV === 'production') warnAboutOpenFacts(env.BACKUP_KEEP_DAYS, (event, message) => log.warn({ event }, message));

  // Run last registered first: the database closes after the jobs that use it have stopped.
  onShutdown(closeDatabase);
  onShutdown(stopRetention);
  onShutdown(stopReconciliation);
  onShutdown(stopOutboxWorker);
}
