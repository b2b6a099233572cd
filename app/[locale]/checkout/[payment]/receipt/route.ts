import { headers } from 'next/headers';
import { NextResponse } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { receiptDocument } from '@/components/payments/receipt-document';
import { isLocale } from '@/lib/i18n/editions';
import { getCompany, getPayment, isPaid } from '@/lib/payments';

type Context = { params: Promise<{ locale: string; payment: string }> };

/**
 * GET /<edition>/checkout/<id>/receipt: "Save receipt". A paid payment's receipt as one standalone,
 * printable HTML file (its style inline under the page's nonce; no script), in the edition's language.
 * Anything not paid has no receipt: 404.
 */
export async function GET(_request: Request, { params }: Context) {
  const { locale, payment: id } = await params;
  const payment = await getPayment(id);
  const company = payment && getCompany(payment.company);
  if (!isLocale(locale) || !payment || !company || !isPaid(payment.status)) return new NextResponse('Not found', { status: 404 });
  const t = await getTranslations({ locale, namespace: 'Payments' });
  const { html, filename } = receiptDocument({ locale, payment, company, t: t as (key: string, values?: Record<string, string | number>) => string, nonce: (await headers()).get('x-nonce') ?? '' });
  return new NextResponse(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-disposition': `inline; filename="${filename}"`,
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
    },
  });
}
