import { NextResponse } from 'next/server';
import { isLocale } from '@/lib/i18n/editions';
import { getPathname } from '@/lib/i18n/navigation';
import { closePayment, getPayment } from '@/lib/payments/store';

/**
 * POST /api/payments/cancel (a plain form on the checkout page): the payer gives up; the payment is
 * closed and they go back to the company's page.
 */
export async function POST(request: Request) {
  const data = await request.formData();
  const locale = String(data.get('locale') ?? '');
  const payment = getPayment(String(data.get('payment') ?? ''));
  if (payment) closePayment(payment.id);
  const href = payment ? `/companies/${payment.company}` : '/';
  const path = isLocale(locale) ? getPathname({ href, locale }) : '/';
  return NextResponse.redirect(new URL(path, request.url), 303);
}
