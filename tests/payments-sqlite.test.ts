import { vi } from 'vitest';
import { paymentsContract } from './support/payments-contract';

/** Payments against a real HTTP provider, on the embedded SQLite. */
const { provider, secret } = await vi.hoisted(async () => {
  const secret = 'whsec_test_sqlite_0123456789abcdef';
  const provider = await (await import('./support/payment-provider')).startTestProvider(secret);
  (await import('./support/temp-env')).tempEnv({ PAYMENT_PROVIDER: 'remote', PAYMENT_API_URL: provider.url, PAYMENT_HOSTED_ORIGINS: new URL(provider.url).origin, PAYMENT_WEBHOOK_SECRET: secret });
  return { provider, secret };
});

paymentsContract(provider, secret);
