import { NextResponse } from 'next/server';
import { requestedLocale } from '@/lib/i18n/locale';
import { getPathname } from '@/lib/i18n/navigation';
import { closePayment, getPayment } from '@/lib/payments/store';

/**
 * POST /api/payments/cancel (a plain form on the checkout page): the payer gives up; the payment is
 * closed and they go back to the company's page.
 */
export async function POST(request: Request) {
  const data = await request.formData();
  const locale = requestedLocale({ locale: data.get('locale') });
  const payment = await getPayment(String(data.get('payment') ?? ''));
  if (payment) await closePayment(payment.id);
  const href = payment ? `/companies/${payment.company}` : '/';
  return NextResponse.redirect(new URL(getPathname({ href, locale }), request.url), 303);
}
