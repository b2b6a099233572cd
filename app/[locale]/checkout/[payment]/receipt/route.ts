import { NextResponse } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { isLocale } from '@/lib/i18n/editions';
import { getCompany, getPayment, isPaid, receiptOf, receiptPdf } from '@/lib/payments';

type Context = { params: Promise<{ locale: string; payment: string }> };

/**
 * GET /<edition>/checkout/<id>/receipt: "Download receipt". A paid payment's receipt as a PDF (the one
 * receipt model, lib/payments/receipt.ts, in the edition's language). Anything not paid has no receipt: 404.
 */
export async function GET(_request: Request, { params }: Context) {
  const { locale, payment: id } = await params;
  const payment = await getPayment(id);
  const company = payment && getCompany(payment.company);
  if (!isLocale(locale) || !payment || !company || !isPaid(payment.status)) return new NextResponse('Not found', { status: 404 });
  const receipt = receiptOf(payment, company, locale, (await getTranslations({ locale })) as unknown as (key: string, values?: Record<string, string | number>) => string);
  return new NextResponse(new Uint8Array(await receiptPdf(receipt)), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${receipt.filename}"`,
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
    },
  });
}
