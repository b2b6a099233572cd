import { afterAll, vi } from 'vitest';
import { storeContract } from './support/store-contract';

/** The same contract on a real PostgreSQL (TEST_DATABASE_URL from the test command, or one started here). */
const server = await vi.hoisted(async () => {
  const postgres = await (await import('./support/postgres')).testPostgres();
  (await import('./support/temp-env')).tempEnv({ DATABASE_URL: postgres.url, DATABASE_POOL_SIZE: '4' });
  return postgres;
});
// Work started after a commit (a receipt sent right away) may still hold a connection: close the
// site's database before the test database is dropped, or the dropped connection's reset goes unhandled.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 250));
  await (await import('@/lib/db')).closeDatabase();
  await server.stop();
});

storeContract();
