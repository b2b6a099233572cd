/** The providers' registration: one line per provider. PAYMENT_PROVIDER (lib/env.ts) names the one new payments go to. */
import { env } from '@/lib/env';
import type { PaymentProvider } from '../provider';
import { remoteProvider } from './remote';
import { sandboxProvider } from './sandbox';
import { testProvider } from './test';

const providers: Record<string, PaymentProvider> = Object.fromEntries([testProvider, sandboxProvider, remoteProvider].map((p) => [p.name, p]));

/** The provider new payments are sent to. */
export const activeProvider = (): PaymentProvider => providers[env.PAYMENT_PROVIDER]!;

/** A registered provider by name (a notification path's last segment), or null. */
export const providerNamed = (name: string): PaymentProvider | null => (Object.hasOwn(providers, name) ? providers[name]! : null);

/** The provider a payment was sent to (the configured one if the row names one no longer registered). */
export const providerOf = (payment: { provider: string }): PaymentProvider => providerNamed(payment.provider) ?? activeProvider();

/** Is this payment a sandbox one (no money moved)? For receipts and mail. */
export const isSandboxPayment = (payment: { provider: string }): boolean => providerOf(payment).capabilities.sandbox;
