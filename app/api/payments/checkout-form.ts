import { HttpError } from '@/lib/http/errors';
import { assertSameOrigin } from '@/lib/http/origin';
import { localizedPath, requestedLocale } from '@/lib/i18n/locale';
import type { Locale } from '@/lib/i18n/editions';
import { getPayment, type Payment } from '@/lib/payments';

export type CheckoutForm = { data: FormData; locale: Locale; payment: Payment; checkout: string };

/**
 * The opening of the checkout page's plain forms (Pay and Cancel): from this site only (another site
 * could otherwise start or cancel a payment whose id it knows), a form body, the visitor's edition, and
 * a payment that exists. Anything else is a 400 (403 from another site). `checkout`: the payment's
 * checkout page in that edition.
 */
export async function readCheckoutForm(request: Request, what: 'pay' | 'cancel'): Promise<CheckoutForm> {
  assertSameOrigin(request, `The ${what} form`);
  const data = await request.formData().catch(() => {
    throw new HttpError(400, 'bad_request', `Expected the checkout page's ${what} form`);
  });
  const locale = requestedLocale({ locale: data.get('locale') });
  const payment = await getPayment(String(data.get('payment') ?? ''));
  if (!payment) throw new HttpError(400, 'unknown_payment', 'No such payment');
  return { data, locale, payment, checkout: localizedPath(locale, `/checkout/${payment.id}`) };
}

/**
 * The answer of the checkout's forms: a 303 to a path of the site (or the provider's own address), never
 * to an address built from request.url, which names the configured host: a payer who came through another
 * address would be sent to a host the page's form-action 'self' does not allow.
 */
export const seeOther = (location: string) => new Response(null, { status: 303, headers: { location } });
