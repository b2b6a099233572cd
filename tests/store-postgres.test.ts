import { afterAll, vi } from 'vitest';
import { storeContract } from './support/store-contract';

/** The same contract on a real PostgreSQL (TEST_DATABASE_URL from the test command, or one started here). */
const server = await vi.hoisted(async () => {
  const postgres = await (await import('./support/postgres')).testPostgres();
  (await import('./support/temp-env')).tempEnv({ DATABASE_URL: postgres.url, DATABASE_POOL_SIZE: '4' });
  return postgres;
});
afterAll(() => server.stop());

storeContract();
