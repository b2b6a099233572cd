/**
 * Runs once when the server starts. Spec 7: on the first server-side load, pages, guides and articles
 * are fetched in that order and failures are ignored — here for every language, so the first visitors
 * find the content cache warm (and the embedded files already in memory).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { warmContent } = await import('@/lib/content/warm');
  void warmContent();
}
