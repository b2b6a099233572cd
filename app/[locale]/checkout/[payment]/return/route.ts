import { NextResponse } from 'next/server';
import { isLocale } from '@/lib/i18n/editions';
import { localizedPath } from '@/lib/i18n/locale';
import { getPayment, settleWithProvider } from '@/lib/payments';
import { logger } from '@/lib/observability';

type Context = { params: Promise<{ locale: string; payment: string }> };

/**
 * Where the remote payment provider sends the payer back: ask it how the payment stands, apply that
 * through the state machine, then show the result. If the provider cannot answer now, the page shows
 * "processing"; the signed notification or reconciliation settles it later.
 */
export async function GET(request: Request, { params }: Context) {
  const { locale, payment: id } = await params;
  const payment = await getPayment(id);
  if (!isLocale(locale) || !payment) return new NextResponse('Not found', { status: 404 });
  if (payment.status === 'processing') {
    try {
      await settleWithProvider(payment, 'return');
    } catch (error) {
      logger('payments').error({ event: 'payment.status_unavailable', err: error }, 'payment status unavailable');
    }
  }
  return NextResponse.redirect(new URL(localizedPath(locale, `/checkout/${payment.id}`), request.url), 303);
}
