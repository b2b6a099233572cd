import { afterAll, vi } from 'vitest';
import { openPostgres } from '@/lib/db/postgres';
import { backupContract } from './support/backup-contract';
import { testPostgres } from './support/postgres';

/** npm run backup / restore on PostgreSQL (pg_dump --format=custom, pg_restore), under load. */
const setup = await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const postgres = await (await import('./support/postgres')).testPostgres();
  const outside = mkdtempSync(join(tmpdir(), 'billme-erasures-'));
  (await import('./support/temp-env')).tempEnv({ DATABASE_URL: postgres.url, DATABASE_POOL_SIZE: '6', FORM_RATE_LIMIT: '100000', ERASURE_LOG_FILE: join(outside, 'erasure-log.jsonl') });
  return { postgres, backups: mkdtempSync(join(tmpdir(), 'billme-backups-')) };
});
// Work started after a commit (a receipt sent right away) may still hold a connection: close the
// site's database before the test database is dropped, or the dropped connection's reset goes unhandled.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 250));
  await (await import('@/lib/db')).closeDatabase();
  await setup.postgres.stop();
});

backupContract('PostgreSQL', setup.backups, async () => {
  const fresh = await testPostgres();
  return { env: { DATABASE_URL: fresh.url }, open: () => openPostgres(fresh.url, 2), close: fresh.stop };
});
