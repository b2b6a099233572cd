/**
 * The sandbox provider on its own origin (PAYMENT_PROVIDER=sandbox): scripts/payment-sandbox.ts, or any
 * test-mode API of the same contract. Production's path in every respect (HTTP, PAYMENT_API_URL,
 * PAYMENT_HOSTED_ORIGINS, PAYMENT_WEBHOOK_SECRET) but no money moves: receipts and the checkout say so.
 */
import { env } from '@/lib/env';
import type { PaymentProvider } from '../provider';
import { remoteProvider } from './remote';

export const sandboxProvider: PaymentProvider = {
  ...remoteProvider,
  name: 'sandbox',
  displayName: () => 'TestPay',
  capabilities: { ...remoteProvider.capabilities, sandbox: true },
  hostedOrigins: () => env.PAYMENT_HOSTED_ORIGINS,
};
