import { env } from '@/lib/env';
import type { PaymentProvider } from '../provider';
import { openSession, providerStatusOf, sessionOfPayment } from '../test-provider/sessions';
import { TEST_PROVIDER_PREFIX } from '../test-provider/paths';
import { webhookSecret } from '../webhook-secret';

/**
 * The embedded default (PAYMENT_PROVIDER=test): a provider with its own payment page under
 * /test-provider/ (lib/payments/test-provider), outside the site's routes and CSP. The site sends the
 * payer there exactly as to the remote provider; the page signs its verdict to /api/payments/notify and
 * sends the payer back. No money moves: only its test cards are accepted.
 */
export const testProvider: PaymentProvider = {
  name: 'test',
  capabilities: { sandbox: true, fetchStatus: true },

  async start({ payment, description, companyLabel, returnUrl, locale }) {
    const session = await openSession({
      paymentId: payment.id,
      amountCents: payment.amountCents,
      currency: payment.currency,
      company: payment.company,
      companyLabel,
      description,
      returnUrl,
      locale,
    });
    return { ref: session.id, redirect: `${env.NEXT_PUBLIC_SITE_URL}${TEST_PROVIDER_PREFIX}/${session.id}` };
  },

  async fetchStatus(payment) {
    return providerStatusOf(await sessionOfPayment(payment.id));
  },

  notificationSecret: webhookSecret,
};
