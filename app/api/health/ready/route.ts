import { contentApiPaused } from '@/lib/content';
import { database, migrated } from '@/lib/db';
import { outboxOldestAgeSeconds } from '@/lib/observability';

/**
 * GET /api/health/ready — readiness for a load balancer: the database answers and every migration is
 * applied; 503 otherwise, so the balancer sends no visitors here until it is. It also tells an operator
 * how old the oldest waiting outbox row is and whether the content API is paused (pages served from the
 * last good copies); neither changes the answer's status, and nothing secret or versioned is shown.
 */
export async function GET() {
  const checks = { database: false, migrations: false };
  try {
    const db = await database();
    checks.database = await db.ready();
    checks.migrations = checks.database && (await migrated(db));
  } catch {
    // reported below
  }
  const ok = checks.database && checks.migrations;
  const details = {
    outbox: { oldestAgeSeconds: ok ? await outboxOldestAgeSeconds() : null },
    contentApi: { paused: contentApiPaused() },
  };
  return Response.json(
    { status: ok ? 'ready' : 'unavailable', checks, ...details },
    { status: ok ? 200 : 503, headers: { 'Cache-Control': 'no-store', ...(ok ? {} : { 'Retry-After': '5' }) } },
  );
}
