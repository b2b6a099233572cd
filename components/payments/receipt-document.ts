import { contentLanguage, countryOf, editionOf, type Locale } from '@/lib/i18n/editions';
import { dateTimeFormat } from '@/lib/i18n/intl-cache';
import { brandNames } from '@/lib/payments/card';
import type { Company } from '@/lib/payments';
import { formatEuros } from '@/lib/payments/price';
import type { CheckoutPayment } from './CheckoutView';
import { priceBreakdown } from './breakdown';
import { shortReference } from './reference';

type T = (key: string, values?: Record<string, string | number>) => string;

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A paid payment's receipt as one self-contained HTML document, for saving or printing ("Save
 * receipt"): the same facts as the checkout page's receipt, nothing that needs the site to render.
 */
export function receiptDocument({ locale, payment, company, t, nonce }: { locale: Locale; payment: CheckoutPayment; company: Company; t: T; nonce: string }) {
  const lang = contentLanguage(locale);
  const service = company.services.find((s) => s.id === payment.service);
  const option = service?.options.find((o) => o.id === payment.option);
  const timeZone = countryOf(editionOf(locale).country).timeZone;
  const when = dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23', timeZone }).format(new Date(payment.paidAt ?? payment.createdAt));
  const amount = formatEuros(payment.amountCents, locale);
  const breakdown = priceBreakdown(company.services, payment, locale, (percent) => t('off', { percent }));
  const reference = shortReference(payment.id);
  const what = [service?.label[lang], option && option.id !== 'free' ? option.label[lang] : null].filter(Boolean).join(' — ');
  const rows: [string, string][] = [
    [t('checkout.date'), when],
    [t('checkout.paymentId'), reference],
    [t('checkout.company'), company.label],
    [t('checkout.service'), what + (payment.quantity > 1 ? ` × ${payment.quantity}` : '') + (payment.months > 1 ? `, ${t('months', { months: payment.months })}` : '')],
    [t('checkout.payer'), payment.payerName + (payment.reference ? ` (${payment.reference})` : '')],
    ...(payment.cardBrand && payment.cardLast4 ? [[t('checkout.card'), t('checkout.cardValue', { brand: brandNames[payment.cardBrand], last4: payment.cardLast4 })] as [string, string]] : []),
    [t('fee'), payment.feeCents === 0 ? t('noFee') : formatEuros(payment.feeCents, locale)],
    ...(breakdown ? [[t('total'), breakdown] as [string, string]] : []),
    [t('checkout.status'), t('status.paid')],
  ];
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(`${t('checkout.receiptTitle')} ${reference} — ${company.label}`)}</title>
<style nonce="${escape(nonce)}">
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#111a33;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
h1{font-size:1.5rem;margin:0 0 .25rem}.ok{color:#0d5533;font-weight:700;margin:0}.amount{font-size:2.5rem;font-weight:750;margin:.5rem 0 1rem}
dl{margin:0;border:1px solid #d9deea;border-radius:12px;padding:1rem}dl div{display:flex;justify-content:space-between;gap:1rem;padding:.35rem 0;border-bottom:1px solid #eef1f6}
dl div:last-child{border-bottom:0}dt{color:#434c66}dd{margin:0;font-weight:650;text-align:end}footer{margin-top:1.5rem;color:#434c66;font-size:.9rem}
@media print{body{margin:0}dl{border-color:#000}}
</style></head>
<body><main><h1>${escape(t('checkout.receiptTitle'))} · Billme</h1><p class="ok">✓ ${escape(t('checkout.states.paid.title'))}</p>
<p class="amount">${escape(amount)}</p><dl>${rows.map(([term, value]) => `<div><dt>${escape(term)}</dt><dd>${escape(value)}</dd></div>`).join('')}</dl>
<footer>${escape(t('checkout.receiptFooter', { email: payment.payerEmail }))}</footer></main></body></html>`;
  return { html, filename: `receipt-${reference}.html` };
}
