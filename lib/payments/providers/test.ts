/** The embedded default (PAYMENT_PROVIDER=test): the sandbox provider served by the site itself, through the same contract. */
import { billmeNotifications } from '../billme-dialect';
import { contractClient } from '../contract-client';
import type { PaymentProvider } from '../provider';
import { embeddedSandbox, EMBEDDED_PROVIDER } from '../test-provider/embedded';
import { webhookSecret } from '../webhook-secret';

/** Its API is called in-process with the contract's own requests: the site needs no second server. */
const BASE = 'http://embedded.invalid/v1';
const client = contractClient({
  baseUrl: () => BASE,
  fetch: (url, init) => embeddedSandbox().api(new Request(url, init), url.slice(BASE.length)),
});

export const testProvider: PaymentProvider = {
  name: EMBEDDED_PROVIDER,
  // A product name, the same in every language (its page says "test payment provider" beside it).
  displayName: () => 'TestPay',
  capabilities: { sandbox: true, fetchStatus: true, cancel: true },
  hostedOrigins: () => 'self',
  ...client,
  ...billmeNotifications(webhookSecret),
};
