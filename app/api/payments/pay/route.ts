import { NextResponse } from 'next/server';
import { env } from '@/lib/env';
import { HttpError } from '@/lib/http/errors';
import { assertSameOrigin } from '@/lib/http/origin';
import { apiRoute } from '@/lib/http/respond';
import { requestedLocale, localizedPath } from '@/lib/i18n/locale';
import { getCompany, getPayment, sendToProvider } from '@/lib/payments';
import { logger } from '@/lib/observability';

/**
 * POST /api/payments/pay (the checkout page's Pay button, a plain form like Cancel): sends the payer to
 * the provider's page for this payment. A plain form post rather than a server action: a server
 * component's form with an action renders `action=""`, which is not valid HTML, and this needs no
 * JavaScript either way. If the provider cannot start the payment, the checkout page says so.
 */
export const POST = apiRoute(async (request: Request) => {
  // Another site could otherwise start a payment whose id it knows.
  assertSameOrigin(request, 'The pay form');
  const data = await request.formData().catch(() => {
    throw new HttpError(400, 'bad_request', 'Expected the checkout page\'s pay form');
  });
  const locale = requestedLocale({ locale: data.get('locale') });
  const payment = await getPayment(String(data.get('payment') ?? ''));
  const company = payment && getCompany(payment.company);
  if (!payment || !company) throw new HttpError(400, 'unknown_payment', 'No such payment');
  const checkout = localizedPath(locale, `/checkout/${payment.id}`);
  let target: string | null = null;
  try {
    target = await sendToProvider(payment, company, `${env.NEXT_PUBLIC_SITE_URL}${checkout}/return`, locale);
  } catch (error) {
    logger('payments').error({ event: 'payment.provider_unavailable', payment: payment.id, err: error }, 'the provider could not start the payment');
    return NextResponse.redirect(new URL(`${checkout}?unavailable=1`, request.url), 303);
  }
  return NextResponse.redirect(new URL(target ?? checkout, request.url), 303);
});
