import { apiRoute } from '@/lib/http/respond';
import { cancelPayment } from '@/lib/payments';
import { logger } from '@/lib/observability';
import { readCheckoutForm, seeOther } from '../checkout-form';

/**
 * POST /api/payments/cancel (a plain form on the checkout page): the payer gives up. The payment is
 * cancelled at its provider first, then on the site; the checkout page says how it went (cancelled,
 * paid after all, kept open by the provider, or the provider could not be reached: nothing changed).
 * Anything but that form is a 400.
 */
export const POST = apiRoute(async (request: Request) => {
  const { data, payment, checkout } = await readCheckoutForm(request, 'cancel');
  // Without `confirmed`, the checkout page asks first (a confirm step that needs no JavaScript).
  if (data.get('confirmed') !== '1') return seeOther(`${checkout}?cancel=confirm`);
  let query = '';
  try {
    const { outcome } = await cancelPayment(payment.id);
    if (outcome === 'refused') query = '?cancel=refused';
  } catch (error) {
    logger('payments').error({ event: 'payment.cancel_unavailable', payment: payment.id, err: error }, 'the provider could not cancel the payment');
    query = '?cancel=unavailable';
  }
  return seeOther(`${checkout}${query}`);
});
