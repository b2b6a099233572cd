import { NextResponse } from 'next/server';
import { HttpError } from '@/lib/http/errors';
import { assertSameOrigin } from '@/lib/http/origin';
import { apiRoute } from '@/lib/http/respond';
import { requestedLocale, localizedPath } from '@/lib/i18n/locale';
import { cancelPayment, getPayment } from '@/lib/payments';

/**
 * POST /api/payments/cancel (a plain form on the checkout page): the payer gives up; the payment is
 * cancelled (where the state machine allows it) and the checkout page says so, with the way back to the company's page. Anything but that form is a 400.
 */
export const POST = apiRoute(async (request: Request) => {
  // Another site could otherwise cancel a payment whose id it knows.
  assertSameOrigin(request, 'The cancel form');
  const data = await request.formData().catch(() => {
    throw new HttpError(400, 'bad_request', 'Expected the checkout page\'s cancel form');
  });
  const locale = requestedLocale({ locale: data.get('locale') });
  const payment = await getPayment(String(data.get('payment') ?? ''));
  if (!payment) throw new HttpError(400, 'unknown_payment', 'No such payment');
  // Without `confirmed`, the checkout page asks first (a confirm step that needs no JavaScript).
  if (data.get('confirmed') !== '1') {
    return NextResponse.redirect(new URL(`${localizedPath(locale, `/checkout/${payment.id}`)}?cancel=confirm`, request.url), 303);
  }
  await cancelPayment(payment.id);
  return NextResponse.redirect(new URL(localizedPath(locale, `/checkout/${payment.id}`), request.url), 303);
});
