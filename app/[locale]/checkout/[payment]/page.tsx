import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/lib/seo/metadata';
import { CheckoutView } from '@/components/payments/CheckoutView';
import { localeParam } from '@/lib/i18n/params';
import { getCompany, getPayment, isSandboxPayment } from '@/lib/payments';
import { checkoutState } from '@/components/payments/checkout-state';

type Props = { params: Promise<{ locale: string; payment: string }>; searchParams: Promise<{ cancel?: string; unavailable?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Payments.checkout.states' });
  const payment = await getPayment((await params).payment);
  const title = payment ? t(`${checkoutState(payment.status, payment.lastOutcome).key}.title`) : t('pay.title');
  return pageMetadata(locale, `/checkout/${(await params).payment}`, { title, noindex: true });
}

/** A payment's page on the site: review and Pay (to the provider's page), then its outcome or receipt. */
export default async function CheckoutPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  const payment = await getPayment((await params).payment);
  const company = payment && getCompany(payment.company);
  if (!payment || !company) notFound();
  const query = await searchParams;
  return (
    <CheckoutView
      locale={locale}
      payment={payment}
      company={company}
      sandbox={isSandboxPayment(payment)}
      confirmingCancel={query.cancel === 'confirm'}
      unavailable={query.unavailable === '1'}
    />
  );
}
