import { randomUUID } from 'node:crypto';
import { getMessages, getTranslations } from 'next-intl/server';
import type { PaymentFormState } from '@/lib/payments/state';
import type { Company } from '@/lib/payments';
import { contentLanguage, type Locale } from '@/lib/i18n/editions';
import { pickMessages } from '@/lib/i18n/format-message';
import { collator } from '@/lib/i18n/intl-cache';
import { formatEuros, optionPrice } from '@/lib/payments/price';
import { PaymentForm, type ServiceView } from './PaymentForm.client';
import { PAYMENT_FORM_KEYS } from './payment-form-text';

/** Server side of the payment picker: the catalogue in the visitor's language with its prices formatted, its texts, a fresh idempotency key. */
type Props = {
  company: Company;
  locale: Locale;
  /** The payment's server action (app/[locale]/_actions/payments.ts). */
  action: (state: PaymentFormState, data: FormData) => Promise<PaymentFormState>;
};

export async function PaymentSection({ company, locale, action }: Props) {
  const lang = contentLanguage(locale);
  const t = await getTranslations({ locale, namespace: 'Payments' });
  const { Payments, Forms } = await getMessages({ locale });
  const same = (a: string, b: string) => collator(locale, { sensitivity: 'base' }).compare(a, b) === 0;
  const money = (cents: number) => formatEuros(cents, locale);
  const off = (percent: number) => t('off', { percent });
  const services: ServiceView[] = company.services.map((service) => {
    const type = t(`serviceTypes.${service.type}`);
    return {
      id: service.id,
      label: service.label[lang],
      // "Setup Setup": no chip that repeats the title.
      typeLabel: same(service.label[lang], type) ? undefined : type,
      options: service.options.map((option) => {
        const full = money(option.price);
        return {
          id: option.id,
          label: option.label[lang],
          toConfirm: option.toConfirm && t('toConfirm'),
          price: option.price,
          discountPercent: option.discountPercent,
          shown: {
            price: money(optionPrice(option)),
            before: option.discountPercent ? { insteadOf: t('insteadOf', { price: full }), price: full, off: off(option.discountPercent) } : undefined,
          },
        };
      }),
      quantity: service.quantity,
      periods: service.periods?.map((period) => ({
        ...period,
        label: t('months', { months: period.months }) + (period.discountPercent ? ` (${off(period.discountPercent)})` : ''),
      })),
      freeAmount: service.freeAmount,
      freeRange: service.freeAmount && t('freeRange', { min: money(service.freeAmount.min), max: money(service.freeAmount.max) }),
    };
  });
  return (
    <PaymentForm company={company.slug} locale={locale} text={{ Payments: pickMessages(Payments, PAYMENT_FORM_KEYS.Payments), Forms: pickMessages(Forms, PAYMENT_FORM_KEYS.Forms) }} services={services} initialKey={randomUUID()} action={action} />
  );
}
