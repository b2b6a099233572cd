import { NextResponse } from 'next/server';
import { isLocale } from '@/lib/i18n/editions';
import { localizedPath } from '@/lib/i18n/locale';
import { remotePaymentStatus } from '@/lib/payments/providers';
import { sendReceipt } from '@/lib/payments/service';
import { getPayment, recordAttempt } from '@/lib/payments/store';
import { logger } from '@/lib/observability';

type Context = { params: Promise<{ locale: string; payment: string }> };

/** Where the remote payment provider sends the payer back: ask it for the final status, then show it. */
export async function GET(request: Request, { params }: Context) {
  const { locale, payment: id } = await params;
  const payment = await getPayment(id);
  if (!isLocale(locale) || !payment) return new NextResponse('Not found', { status: 404 });
  if (payment.provider === 'remote' && payment.status === 'processing') {
    try {
      const status = await remotePaymentStatus(payment);
      if (status !== 'processing' && (await recordAttempt(payment.id, status, status, null)).status === 'paid') sendReceipt(payment.id);
    } catch (error) {
      logger('payments').error({ event: 'payment.status_unavailable', err: error }, 'payment status unavailable');
    }
  }
  return NextResponse.redirect(new URL(localizedPath(locale, `/checkout/${payment.id}`), request.url), 303);
}
