/** The one receipt model (issue 46): what the receipt page, the PDF and the mail all render, in the payer's language. */
import { contentLanguage, countryOf, editionOf, type Locale } from '@/lib/i18n/editions';
import { dateTimeFormat } from '@/lib/i18n/intl-cache';
import { entityOf, markerLabel, pendingWord, supportEmail } from '@/lib/facts/facts';
import { priceBreakdown } from './breakdown';
import { brandNames } from './card';
import type { Company } from './catalogue';
import { formatEuros } from './price';
import { providerOf } from './providers';
import { shortReference } from './reference';
import type { Payment } from './store';

/** A translator over the site's whole catalogue (dotted keys from the root), as next-intl gives it. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

export type ReceiptRow = { key: string; label: string; value: string };
/** A party's details, each line known or the facts' marker ("registration number: to be published"). */
export type ReceiptParty = { label: string; name: string; lines: { label: string; value: string; known: boolean }[] };

export type Receipt = {
  locale: Locale;
  title: string;
  /** The short reference a payer quotes (BM-1A2B-3C4D) and the payment's full id. */
  reference: string;
  paymentId: string;
  status: string;
  amount: string;
  /** When it was paid, in the edition's time zone. */
  date: string;
  issuer: ReceiptParty;
  payee: ReceiptParty;
  /** What was paid, in order: purpose, period, payer, card, provider, fee, how the total was reached. */
  rows: ReceiptRow[];
  /** A sandbox payment: no money moved, and the receipt says so. */
  test: string | null;
  footer: string;
  /** `receipt-BM-1A2B-3C4D.pdf` */
  filename: string;
};

const capitalized = (text: string, locale: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

type Payable = Pick<Payment, 'id' | 'status' | 'service' | 'option' | 'quantity' | 'months' | 'amountCents' | 'feeCents' | 'payerName' | 'payerEmail' | 'reference' | 'cardBrand' | 'cardLast4' | 'createdAt' | 'paidAt' | 'provider'>;

/**
 * The receipt of a paid payment, from the payment row, the company's catalogue and the company facts
 * (content/facts.yaml: the Billme entity of the payer's edition; a value nobody gave is its marker,
 * never made up). Labels come from the site's catalogue (Payments, PaymentOutcome).
 */
export function receiptOf(payment: Payable, company: Company, locale: Locale, t: Translate): Receipt {
  const lang = contentLanguage(locale);
  const edition = editionOf(locale);
  const service = company.services.find((s) => s.id === payment.service);
  const option = service?.options.find((o) => o.id === payment.option);
  const timeZone = countryOf(edition.country).timeZone;
  const date = dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23', timeZone }).format(new Date(payment.paidAt ?? payment.createdAt));
  const reference = shortReference(payment.id);
  const provider = providerOf(payment);
  const providerName = provider.displayName(lang);
  const breakdown = priceBreakdown(company.services, payment, locale, (percent) => t('Payments.off', { percent }));
  const purpose = [service?.label[lang] ?? payment.service, option && option.id !== 'free' ? option.label[lang] : null].filter(Boolean).join(' — ') + (payment.quantity > 1 ? ` × ${payment.quantity}` : '');
  const hasPeriod = payment.months > 1 || Boolean(service?.periods);
  const card = payment.cardBrand && payment.cardLast4 ? t('Payments.checkout.cardValue', { brand: brandNames[payment.cardBrand], last4: payment.cardLast4 }) : null;
  const row = (key: string, label: string, value: string | null): ReceiptRow[] => (value ? [{ key, label, value }] : []);

  const entity = entityOf(edition.country, lang);
  // An unknown fact reads "<label>: to be published" (its label is the line's own).
  const fact = (label: string, value: { text: string; known: boolean }) => ({ label, value: value.known ? value.text : pendingWord(lang), known: value.known });
  const known = (label: string, value: string | undefined) => (value ? [{ label, value, known: true }] : []);
  return {
    locale,
    title: t('Payments.checkout.receiptTitle'),
    reference,
    paymentId: payment.id,
    status: t('Payments.status.paid'),
    amount: formatEuros(payment.amountCents, locale),
    date,
    issuer: {
      label: t('PaymentOutcome.issuer'),
      name: entity.legalName.known ? entity.legalName.text : 'Billme',
      lines: [
        ...(entity.legalName.known ? [] : [fact(capitalized(markerLabel('legalName', lang), locale), entity.legalName)]),
        fact(t('Payments.registration'), entity.registrationNumber),
        fact(t('PaymentOutcome.vatNumber'), entity.vatNumber),
        fact(t('Payments.address'), entity.address),
        { label: t('Payments.email'), value: supportEmail, known: true },
      ],
    },
    payee: {
      label: t('PaymentOutcome.paidTo'),
      name: company.label,
      lines: [
        { label: t('Payments.address'), value: company.address, known: true },
        ...known(t('Payments.registration'), company.registration),
        ...known(t('Payments.email'), company.email),
        ...known(t('Payments.phone'), company.phone),
        ...known(t('Payments.website'), company.website),
      ],
    },
    rows: [
      ...row('purpose', t('PaymentOutcome.purpose'), purpose),
      ...row('period', t('PaymentOutcome.period'), hasPeriod ? t('Payments.months', { months: payment.months }) : null),
      ...row('date', t('Payments.checkout.date'), date),
      ...row('reference', t('Payments.checkout.paymentId'), reference),
      ...row('payer', t('Payments.checkout.payer'), payment.payerName),
      ...row('payerReference', t('Payments.reference'), payment.reference || null),
      ...row('card', t('Payments.checkout.card'), card),
      ...row('provider', t('PaymentOutcome.provider'), providerName),
      ...row('fee', t('Payments.fee'), payment.feeCents === 0 ? t('Payments.noFee') : formatEuros(payment.feeCents, locale)),
      ...row('amount', t('Payments.total'), formatEuros(payment.amountCents, locale) + (breakdown ? ` (${breakdown})` : '')),
      ...row('status', t('Payments.checkout.status'), t('Payments.status.paid')),
    ],
    test: provider.capabilities.sandbox ? t('PaymentOutcome.testPayment') : null,
    footer: t('Payments.checkout.receiptFooter', { email: payment.payerEmail }),
    filename: `receipt-${reference}.pdf`,
  };
}
