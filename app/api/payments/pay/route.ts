import { NextResponse } from 'next/server';
import { env } from '@/lib/env';
import { HttpError } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/respond';
import { getCompany, sendToProvider } from '@/lib/payments';
import { logger } from '@/lib/observability';
import { readCheckoutForm } from '../checkout-form';

/**
 * POST /api/payments/pay (the checkout page's Pay button, a plain form like Cancel): sends the payer to
 * the provider's page for this payment. A plain form post rather than a server action: a server
 * component's form with an action renders `action=""`, which is not valid HTML, and this needs no
 * JavaScript either way. If the provider cannot start the payment, the checkout page says so.
 */
export const POST = apiRoute(async (request: Request) => {
  const { locale, payment, checkout } = await readCheckoutForm(request, 'pay');
  const company = getCompany(payment.company);
  if (!company) throw new HttpError(400, 'unknown_payment', 'No such payment');
  let target: string | null = null;
  try {
    target = await sendToProvider(payment, company, `${env.NEXT_PUBLIC_SITE_URL}${checkout}/return`, locale);
  } catch (error) {
    logger('payments').error({ event: 'payment.provider_unavailable', payment: payment.id, err: error }, 'the provider could not start the payment');
    return NextResponse.redirect(new URL(`${checkout}?unavailable=1`, request.url), 303);
  }
  return NextResponse.redirect(new URL(target ?? checkout, request.url), 303);
});
