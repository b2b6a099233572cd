import { NextResponse } from 'next/server';
import { apiRoute } from '@/lib/http/respond';
import { cancelPayment } from '@/lib/payments';
import { readCheckoutForm } from '../checkout-form';

/**
 * POST /api/payments/cancel (a plain form on the checkout page): the payer gives up; the payment is
 * cancelled (where the state machine allows it) and the checkout page says so, with the way back to the
 * company's page. Anything but that form is a 400.
 */
export const POST = apiRoute(async (request: Request) => {
  const { data, payment, checkout } = await readCheckoutForm(request, 'cancel');
  // Without `confirmed`, the checkout page asks first (a confirm step that needs no JavaScript).
  if (data.get('confirmed') !== '1') return NextResponse.redirect(new URL(`${checkout}?cancel=confirm`, request.url), 303);
  await cancelPayment(payment.id);
  return NextResponse.redirect(new URL(checkout, request.url), 303);
});
