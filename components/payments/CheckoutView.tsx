import { getTranslations } from 'next-intl/server';
import { ButtonLink } from '@/components/ui/Button';
import { Container } from '@/components/ui/Container';
import { FocusOnArrival } from '@/components/ui/FocusOnArrival.client';
import { Icon } from '@/components/ui/Icon';
import { Term } from '@/components/ui/Term';
import { contentLanguage, countryOf, editionOf, type Locale } from '@/lib/i18n/editions';
import { dateTimeFormat } from '@/lib/i18n/intl-cache';
import { localizedPath } from '@/lib/i18n/locale';
import { brandNames } from '@/lib/payments/card';
import type { Company, Payment } from '@/lib/payments';
import { formatEuros } from '@/lib/payments/price';
import { priceBreakdown } from './breakdown';
import { checkoutState } from './checkout-state';
import { shortReference } from './reference';
import styles from './Checkout.module.css';

/** What the page needs of a payment (the row, as the payments door returns it). */
export type CheckoutPayment = Pick<Payment, 'id' | 'status' | 'lastOutcome' | 'service' | 'option' | 'quantity' | 'months' | 'amountCents' | 'feeCents' | 'payerName' | 'payerEmail' | 'reference' | 'cardBrand' | 'cardLast4' | 'createdAt' | 'paidAt'>;

type Props = {
  locale: Locale;
  payment: CheckoutPayment;
  company: Company;
  /** The payment went to the test provider: no money moves, the page says so. */
  sandbox: boolean;
  confirmingCancel: boolean;
  /** The provider could not be reached when the payer pressed Pay. */
  unavailable: boolean;
};

/**
 * The checkout page: on a phone the amount, what it is for and the Pay button come first (in the
 * first 640 px); on a desktop the summary sits beside the payment step. Once final it is the outcome,
 * and when paid, a receipt with its own heading, date and time, reference and card, printable.
 */
export async function CheckoutView({ locale, payment, company, sandbox, confirmingCancel, unavailable }: Props) {
  const t = await getTranslations({ locale, namespace: 'Payments' });
  const lang = contentLanguage(locale);
  const state = checkoutState(payment.status, payment.lastOutcome);
  const service = company.services.find((s) => s.id === payment.service);
  const option = service?.options.find((o) => o.id === payment.option);
  const amount = formatEuros(payment.amountCents, locale);
  const breakdown = priceBreakdown(company.services, payment, locale, (percent) => t('off', { percent }));
  const timeZone = countryOf(editionOf(locale).country).timeZone;
  const when = dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23', timeZone }).format(new Date(payment.paidAt ?? payment.createdAt));
  const what = [
    service?.label[lang],
    option && option.id !== 'free' ? option.label[lang] : null,
  ].filter(Boolean).join(' — ') + (payment.quantity > 1 ? ` × ${payment.quantity}` : '') + (payment.months > 1 ? `, ${t('months', { months: payment.months })}` : '');
  const checkout = localizedPath(locale, `/checkout/${payment.id}`);
  const confirming = confirmingCancel && state.canCancel;
  const card = payment.cardBrand && payment.cardLast4 ? t('checkout.cardValue', { brand: brandNames[payment.cardBrand], last4: payment.cardLast4 }) : null;

  return (
    <Container>
      {/* A redirect (the company form, the return from the provider) keeps the old scroll position otherwise. */}
      <FocusOnArrival target={confirming ? 'confirm-title' : 'checkout-title'} />
      <article className={`${styles.checkout} ${state.receipt ? styles.isReceipt : ''}`} aria-labelledby="checkout-title">
        <header className={`${styles.head} ${styles[state.tone]}`}>
          {state.icon && (
            <span className={styles.icon}>
              <Icon name={state.icon} size={28} />
            </span>
          )}
          <div>
            <h1 id="checkout-title" tabIndex={-1} className={styles.title}>
              {t(`checkout.states.${state.key}.title`)}
            </h1>
            <p className={styles.lead} role={state.state === 'pay' ? undefined : 'status'}>
              {t(`checkout.states.${state.key}.text`, { company: company.label, email: payment.payerEmail })}
            </p>
          </div>
        </header>

        <section className={styles.summary} aria-labelledby="summary-title">
          <h2 id="summary-title" className={styles.visuallyHidden}>
            {state.receipt ? t('checkout.receiptTitle') : t('checkout.summaryTitle')}
          </h2>
          <div className={styles.amountBlock}>
            <div className={styles.amount}>{amount}</div>
            <p className={styles.what}>
              {what}
              <br />
              <span className={styles.muted}>{t('checkout.to', { company: company.label })}</span>
            </p>
          </div>
          <dl className={styles.details}>
            {state.receipt && <Term label={t('checkout.date')}>{when}</Term>}
            <Term label={t('checkout.paymentId')} valueClassName={styles.reference}>
              {shortReference(payment.id)}
            </Term>
            <Term label={t('checkout.company')}>{company.label}</Term>
            <Term label={t('checkout.payer')}>
              {payment.payerName}
              {payment.reference ? ` (${payment.reference})` : ''}
            </Term>
            {card && state.receipt && <Term label={t('checkout.card')}>{card}</Term>}
            <Term label={t('fee')}>{payment.feeCents === 0 ? t('noFee') : formatEuros(payment.feeCents, locale)}</Term>
            {breakdown && <Term label={t('total')}>{breakdown}</Term>}
            {state.receipt && <Term label={t('checkout.status')}>{t('status.paid')}</Term>}
          </dl>
        </section>

        <section className={styles.step} aria-label={t('checkout.stepLabel')}>
          {unavailable && state.canPay && (
            <div className={styles.alert} role="alert">
              <p>{t('unavailable')}</p>
            </div>
          )}
          {confirming ? (
            <section id="outcome-confirm" className={styles.confirm} aria-labelledby="confirm-title">
              <h2 id="confirm-title" tabIndex={-1}>{t('checkout.cancelConfirmTitle')}</h2>
              <p id="confirm-text">{t('checkout.cancelConfirmText')}</p>
              <form action="/api/payments/cancel" method="post" className={styles.actions}>
                <input type="hidden" name="payment" value={payment.id} />
                <input type="hidden" name="locale" value={locale} />
                <input type="hidden" name="confirmed" value="1" />
                <button type="submit" className={styles.dangerButton}>
                  {t('checkout.cancelConfirm')}
                </button>
                <ButtonLink href={`/checkout/${payment.id}`} variant="secondary">
                  {t('checkout.cancelKeep')}
                </ButtonLink>
              </form>
            </section>
          ) : state.canPay ? (
            <>
              <form action="/api/payments/pay" method="post" className={styles.payForm}>
                <input type="hidden" name="payment" value={payment.id} />
                <input type="hidden" name="locale" value={locale} />
                <button type="submit" className={styles.pay}>
                  {t(state.state === 'pay' ? 'checkout.pay' : 'checkout.payAgain', { amount })}
                </button>
              </form>
              <p className={styles.hint}>{t('checkout.redirectHint')}</p>
              {sandbox && <p className={styles.sandbox}>{t('checkout.testBanner')}</p>}
              {state.canCancel && (
                <p className={styles.cancelRow}>
                  <a href={`${checkout}?cancel=confirm`} className={styles.linkButton}>
                    {t('checkout.cancel')}
                  </a>
                </p>
              )}
            </>
          ) : (
            <div className={styles.actions}>
              {state.receipt && (
                <a href={`${checkout}/receipt`} className={styles.save} download={`receipt-${shortReference(payment.id)}.html`}>
                  <Icon name="download" size={20} />
                  {t('checkout.saveReceipt')}
                </a>
              )}
              <ButtonLink href={`/companies/${company.slug}`} variant="secondary">
                {t('checkout.backToCompany', { company: company.label })}
              </ButtonLink>
            </div>
          )}
        </section>
      </article>
    </Container>
  );
}
