/** The remote provider of production (PAYMENT_PROVIDER=remote): the payment API at PAYMENT_API_URL (docs/api.md). */
import { env } from '@/lib/env';
import { facts, factText } from '@/lib/facts/facts';
import { billmeNotifications } from '../billme-dialect';
import { contractClient } from '../contract-client';
import type { PaymentProvider } from '../provider';

const secret = () => {
  if (!env.PAYMENT_WEBHOOK_SECRET) throw new Error('PAYMENT_WEBHOOK_SECRET is not set');
  return env.PAYMENT_WEBHOOK_SECRET;
};

/** Its hosted page is on its own origins (PAYMENT_HOSTED_ORIGINS); its name is a company fact. */
export const remoteProvider: PaymentProvider = {
  name: 'remote',
  displayName: (lang) => {
    const name = factText(facts.paymentProvider.name, lang);
    return name.known ? name.text : null;
  },
  capabilities: { sandbox: false, fetchStatus: true, cancel: true },
  hostedOrigins: () => env.PAYMENT_HOSTED_ORIGINS,
  ...contractClient({ baseUrl: () => env.PAYMENT_API_URL!, apiKey: () => env.PAYMENT_API_KEY }),
  ...billmeNotifications(secret),
};
