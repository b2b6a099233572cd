/**
 * Runs once when the server starts.
 * - Spec 7: on the first server-side load, pages, guides and articles are fetched in that order and
 *   failures are ignored — here for every language, so the first visitors find the cache warm.
 * - The outbox worker delivers stored submissions that the remote API has not taken yet.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { warmContent } = await import('@/lib/content/warm');
  void warmContent();
  const { startOutboxWorker } = await import('@/lib/outbox');
  startOutboxWorker();
}
