import { afterAll, vi } from 'vitest';
import { paymentsContract } from './support/payments-contract';

/** Payments against a real HTTP provider, on a real PostgreSQL (TEST_DATABASE_URL, or one started here). */
const { provider, secret, postgres } = await vi.hoisted(async () => {
  const secret = 'whsec_test_postgres_0123456789abcdef';
  const postgres = await (await import('./support/postgres')).testPostgres();
  const provider = await (await import('./support/payment-provider')).startTestProvider(secret);
  (await import('./support/temp-env')).tempEnv({
    DATABASE_URL: postgres.url,
    DATABASE_POOL_SIZE: '8',
    PAYMENT_PROVIDER: 'remote',
    PAYMENT_API_URL: provider.url, PAYMENT_HOSTED_ORIGINS: new URL(provider.url).origin,
    PAYMENT_WEBHOOK_SECRET: secret,
  });
  return { provider, secret, postgres };
});
// Work started after a commit (a receipt sent right away) may still hold a connection: close the
// site's database before the test database is dropped, or the dropped connection's reset goes unhandled.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 250));
  await (await import('@/lib/db')).closeDatabase();
  await postgres.stop();
});

paymentsContract(provider, secret);
