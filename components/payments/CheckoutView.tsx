import { getTranslations } from 'next-intl/server';
import { ButtonLink } from '@/components/ui/Button';
import { Container } from '@/components/ui/Container';
import { FocusOnArrival } from '@/components/ui/FocusOnArrival.client';
import { Icon } from '@/components/ui/Icon';
import { Term } from '@/components/ui/Term';
import { contentLanguage, type Locale } from '@/lib/i18n/editions';
import { localizedPath } from '@/lib/i18n/locale';
import type { Company, Payment, Receipt } from '@/lib/payments';
import { formatEuros } from '@/lib/payments/price';
import { priceBreakdown } from './breakdown';
import { CardBrands } from './CardBrands';
import { checkoutState } from './checkout-state';
import { PrintButton } from './PrintButton.client';
import { ReceiptView } from './ReceiptView';
import { shortReference } from './reference';
import styles from './Checkout.module.css';

/** What the page needs of a payment (the row, as the payments door returns it). */
export type CheckoutPayment = Pick<Payment, 'id' | 'status' | 'lastOutcome' | 'service' | 'option' | 'quantity' | 'months' | 'amountCents' | 'feeCents' | 'payerName' | 'payerEmail' | 'reference' | 'cardBrand' | 'cardLast4' | 'createdAt' | 'paidAt'>;

type Props = {
  locale: Locale;
  payment: CheckoutPayment;
  company: Company;
  /** The payment went to a sandbox provider: no money moves, the page says so. */
  sandbox: boolean;
  /** The provider's name beside Pay (null while the company facts lack it). */
  providerName: string | null;
  /** The provider was asked how the payment stands (false: it could not answer; nothing is offered to pay). */
  confirmed: boolean;
  /** A paid payment's receipt (the one model the PDF and the mail render too). */
  receipt: Receipt | null;
  confirmingCancel: boolean;
  /** Pay could not reach the provider (`network`), or it answered an address outside its hosted origins (`address`). */
  unavailable: 'network' | 'address' | null;
  /** Cancel: the provider kept the payment open (`refused`) or could not be reached (`unavailable`). */
  cancelNotice: 'refused' | 'unavailable' | null;
};

/**
 * The checkout page: on a phone the amount, what it is for and the Pay button come first (in the
 * first 640 px); on a desktop the summary sits beside the payment step. Once final it is the outcome,
 * and when paid, the receipt (lib/payments/receipt.ts), printable and as a PDF.
 */
export async function CheckoutView({ locale, payment, company, sandbox, providerName, confirmed, receipt, confirmingCancel, unavailable, cancelNotice }: Props) {
  const t = await getTranslations({ locale, namespace: 'Payments' });
  const root = (await getTranslations({ locale })) as unknown as (key: string, values?: Record<string, string | number>) => string;
  const outcome = await getTranslations({ locale, namespace: 'PaymentOutcome' });
  const lang = contentLanguage(locale);
  const state = checkoutState(payment.status, payment.lastOutcome, confirmed);
  const service = company.services.find((s) => s.id === payment.service);
  const option = service?.options.find((o) => o.id === payment.option);
  const amount = formatEuros(payment.amountCents, locale);
  const breakdown = priceBreakdown(company.services, payment, locale, (percent) => t('off', { percent }));
  const what = [
    service?.label[lang],
    option && option.id !== 'free' ? option.label[lang] : null,
  ].filter(Boolean).join(' — ') + (payment.quantity > 1 ? ` × ${payment.quantity}` : '') + (payment.months > 1 ? `, ${t('months', { months: payment.months })}` : '');
  const checkout = localizedPath(locale, `/checkout/${payment.id}`);
  const confirming = confirmingCancel && state.canCancel;
  const alert = (title: string | null, text: string) => (
    <div className={styles.alert} role="alert">
      {title && <p className={styles.alertTitle}>{title}</p>}
      <p>{text}</p>
    </div>
  );

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
              {root(state.title)}
            </h1>
            <p className={styles.lead} role={state.state === 'pay' ? undefined : 'status'}>
              {root(state.text, { company: company.label, email: payment.payerEmail })}
            </p>
          </div>
        </header>

        {receipt ? (
          <ReceiptView receipt={receipt} />
        ) : (
          <section className={styles.summary} aria-labelledby="summary-title">
            <h2 id="summary-title" className={styles.visuallyHidden}>
              {t('checkout.summaryTitle')}
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
              <Term label={t('checkout.paymentId')} valueClassName={styles.reference}>
                {shortReference(payment.id)}
              </Term>
              <Term label={t('checkout.company')}>{company.label}</Term>
              <Term label={t('checkout.payer')}>
                {payment.payerName}
                {payment.reference ? ` (${payment.reference})` : ''}
              </Term>
              <Term label={t('fee')}>{payment.feeCents === 0 ? t('noFee') : formatEuros(payment.feeCents, locale)}</Term>
              {/* The amount to pay; how it was reached beneath it (issue 49). */}
              <Term label={t('total')}>
                <span className={styles.total}>{amount}</span>
                {breakdown && <span className={styles.breakdown}>{breakdown}</span>}
              </Term>
            </dl>
          </section>
        )}

        <section className={styles.step} aria-label={t('checkout.stepLabel')}>
          {unavailable === 'network' && state.canPay && alert(outcome('networkTitle'), outcome('networkPay'))}
          {unavailable === 'address' && state.canPay && alert(null, outcome('redirectRefused'))}
          {cancelNotice === 'refused' && state.canPay && alert(null, outcome('cancelRefused'))}
          {cancelNotice === 'unavailable' && state.canPay && alert(outcome('networkTitle'), outcome('cancelUnavailable'))}
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
              <CardBrands label={outcome('acceptedCards')} provider={providerName && outcome('processedBy', { provider: providerName })} />
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
              {state.state === 'unconfirmed' && (
                <a href={checkout} className={styles.save}>
                  {outcome('networkStatus')}
                </a>
              )}
              {receipt && (
                <>
                  <a href={`${checkout}/receipt`} className={styles.save} download={receipt.filename}>
                    <Icon name="download" size={20} />
                    {outcome('downloadPdf')}
                  </a>
                  <PrintButton className={styles.printButton}>{outcome('print')}</PrintButton>
                </>
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
