import { database, migrated } from '@/lib/db';

/**
 * GET /api/health/ready — readiness for a load balancer: the database answers and every migration is
 * applied; 503 otherwise, so the balancer sends no visitors here until it is.
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
  return Response.json({ status: ok ? 'ready' : 'unavailable', checks }, { status: ok ? 200 : 503, headers: { 'Cache-Control': 'no-store', ...(ok ? {} : { 'Retry-After': '5' }) } });
}
