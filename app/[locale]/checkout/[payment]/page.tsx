import type { Metadata } from 'next';
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/lib/seo/metadata';
import { CheckoutView } from '@/components/payments/CheckoutView';
import { contentLanguage } from '@/lib/i18n/editions';
import { localeParam } from '@/lib/i18n/params';
import { checkoutPayment, getCompany, isPaid, providerOf, receiptOf, type Translate } from '@/lib/payments';
import { checkoutState } from '@/components/payments/checkout-state';

/** The payment as its provider confirms it, asked once per request (the title and the page agree). */
const load = cache((id: string) => checkoutPayment(id));

type Props = { params: Promise<{ locale: string; payment: string }>; searchParams: Promise<{ cancel?: string; unavailable?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = (await getTranslations({ locale })) as unknown as Translate;
  const found = await load((await params).payment);
  const title = found ? t(checkoutState(found.payment.status, found.payment.lastOutcome, found.confirmed).title) : t('Payments.checkout.states.pay.title');
  return pageMetadata(locale, `/checkout/${(await params).payment}`, { title, noindex: true });
}

/**
 * A payment's page on the site: review and Pay (to the provider's page), then its outcome or receipt.
 * A payment that was at its provider is asked about there first (checkoutPayment).
 */
export default async function CheckoutPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  const found = await load((await params).payment);
  const company = found && getCompany(found.payment.company);
  if (!found || !company) notFound();
  const { payment, confirmed } = found;
  const query = await searchParams;
  const provider = providerOf(payment);
  const receipt = isPaid(payment.status) ? receiptOf(payment, company, locale, (await getTranslations({ locale })) as unknown as Translate) : null;
  return (
    <CheckoutView
      locale={locale}
      payment={payment}
      company={company}
      sandbox={provider.capabilities.sandbox}
      providerName={provider.displayName(contentLanguage(locale))}
      confirmed={confirmed}
      receipt={receipt}
      confirmingCancel={query.cancel === 'confirm'}
      unavailable={query.unavailable === 'address' ? 'address' : query.unavailable === '1' ? 'network' : null}
      cancelNotice={query.cancel === 'refused' || query.cancel === 'unavailable' ? query.cancel : null}
    />
  );
}
