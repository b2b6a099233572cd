/**
 * Runs once when the server starts.
 * - Spec 7: on the first server-side load, pages, guides and articles are fetched in that order and
 *   failures are ignored — here for every language, so the first visitors find the cache warm.
 * - The outbox worker does what waits after a request was stored (delivery to the remote API, mail).
 *   On SIGTERM it takes no new work and settles the row it holds, while Next finishes the requests in
 *   flight and stops accepting new ones.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { warmContent } = await import('@/lib/content/warm');
  void warmContent();
  const { startOutboxWorker, stopOutboxWorker } = await import('@/lib/outbox');
  startOutboxWorker();
  process.once('SIGTERM', () => void stopOutboxWorker());
}
