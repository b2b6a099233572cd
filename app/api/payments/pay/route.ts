import { env } from '@/lib/env';
import { HttpError } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/respond';
import { getCompany, PaymentRedirectRefused, sendToProvider } from '@/lib/payments';
import { logger } from '@/lib/observability';
import { readCheckoutForm, seeOther } from '../checkout-form';

/**
 * POST /api/payments/pay (the checkout page's Pay button, a plain form like Cancel): sends the payer to
 * the provider's page for this payment, on whatever origin its hosted page is (the checkout page's CSP
 * names those origins in form-action; an address outside them is refused, never followed). A plain form
 * post rather than a server action: a server component's form with an action renders `action=""`,
 * which is not valid HTML, and this needs no JavaScript either way. If the provider cannot start the
 * payment, the checkout page says so (a page, never a 5xx the balancer would count against the instance).
 */
export const POST = apiRoute(async (request: Request) => {
  const { locale, payment, checkout } = await readCheckoutForm(request, 'pay');
  const company = getCompany(payment.company);
  if (!company) throw new HttpError(400, 'unknown_payment', 'No such payment');
  const own = new URL(request.url).origin;
  let target: URL | null = null;
  try {
    target = await sendToProvider(payment, company, `${env.NEXT_PUBLIC_SITE_URL}${checkout}/return`, own, locale);
  } catch (error) {
    const refused = error instanceof PaymentRedirectRefused;
    if (!refused) logger('payments').error({ event: 'payment.provider_unavailable', payment: payment.id, err: error }, 'the provider could not start the payment');
    return seeOther(`${checkout}?unavailable=${refused ? 'address' : '1'}`);
  }
  // A page of the site itself (the embedded provider, the checkout) by its path: request.url names the
  // configured host, and the payer may have come through another address (the checkout's form-action
  // 'self' would block a redirect to the configured one).
  return seeOther(!target ? checkout : target.origin === own ? `${target.pathname}${target.search}${target.hash}` : target.href);
});
