import { env } from '@/lib/env';
import type { PaymentProvider } from '../provider';
import { remoteProvider } from './remote';
import { testProvider } from './test';

/** The registration: one line per provider. PAYMENT_PROVIDER (lib/env.ts) names the one new payments go to. */
const providers: Record<string, PaymentProvider> = {
  [testProvider.name]: testProvider,
  [remoteProvider.name]: remoteProvider,
};

/** The provider new payments are sent to. */
export const activeProvider = (): PaymentProvider => providers[env.PAYMENT_PROVIDER]!;

/** The provider a payment was sent to (the configured one if the row names one no longer registered). */
export const providerOf = (payment: { provider: string }): PaymentProvider => providers[payment.provider] ?? activeProvider();

/** Is this payment a sandbox one (no money moved)? For receipts and mail. */
export const isSandboxPayment = (payment: { provider: string }): boolean => providerOf(payment).capabilities.sandbox;
