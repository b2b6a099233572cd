import type { Metadata } from 'next';
import { pageMetadata } from '@/lib/seo/metadata';
import { answersRefusedPost } from '@/lib/seo/refused';
import { notFound } from 'next/navigation';
import { getMessages, getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/content/PageHeader';
import { CardForm } from '@/components/payments/CardForm.client';
import styles from '@/components/payments/Payments.module.css';
import { ButtonLink } from '@/components/ui/Button';
import { Container } from '@/components/ui/Container';
import { env } from '@/lib/env';
import { contentLanguage } from '@/lib/i18n/editions';
import { localeParam } from '@/lib/i18n/params';
import { brandNames, formatEuros, getCompany, getPayment, isPaid, isPayable, testCards } from '@/lib/payments';
import { shortReference } from '@/components/payments/reference';
import { priceBreakdown } from '@/components/payments/breakdown';
import { payWithCard } from '@/app/[locale]/_actions/payments';
import { FocusOnArrival } from '@/components/ui/FocusOnArrival.client';
import { localizedPath } from '@/lib/i18n/locale';
import { Term } from '@/components/ui/Term';

type Props = { params: Promise<{ locale: string; payment: string }>; searchParams: Promise<{ cancel?: string; resume?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Meta' });
  const forms = await getTranslations({ locale, namespace: 'Forms' });
  const title = (await answersRefusedPost()) ? forms('errorTitle', { title: t('checkoutTitle') }) : t('checkoutTitle');
  return pageMetadata(locale, `/checkout/${(await params).payment}`, { title, noindex: true });
}

const testCardKeys = { success: 'testSuccess', declined: 'testDeclined', expired: 'testExpired', processingError: 'testError' } as const;

/** The test provider's hosted checkout, and the result page of every payment. */
export default async function CheckoutPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  const payment = await getPayment((await params).payment);
  const company = payment && getCompany(payment.company);
  if (!payment || !company) notFound();
  const lang = contentLanguage(locale);
  const t = await getTranslations('Payments');
  const service = company.services.find((s) => s.id === payment.service);
  const option = service?.options.find((o) => o.id === payment.option);
  const amount = formatEuros(payment.amountCents, locale);
  const breakdown = priceBreakdown(company.services, payment, locale, (percent) => t('off', { percent }));
  const paid = isPaid(payment.status);
  const { Payments } = await getMessages({ locale });
  const open = isPayable(payment.status) && payment.provider === 'test';
  // The confirm step of Cancel (no dialog needed: it works the same without JavaScript).
  const query = await searchParams;
  const confirmingCancel = open && query.cancel === 'confirm';
  // "No, continue paying": back to the card form, with focus on it (not lost at the top of the page).
  const resuming = open && !confirmingCancel && query.resume === '1';
  // A payer's cancel (and a row from before the 'cancelled' status: closed with the outcome 'cancelled')
  // is said as such; 'Undefined' stays for what the spec means by it: the period ran out unanswered.
  const cancelled = payment.status === 'cancelled' || (payment.status === 'closed' && payment.lastOutcome === 'cancelled');
  const ended = cancelled || payment.status === 'closed';
  // The label says what the payer can do now; the spec's labels stay for their states.
  const statusLabel =
    payment.status === 'open'
      ? t('checkout.awaiting')
      : payment.status === 'declined'
        ? t('checkout.declinedStatus')
        : payment.status === 'cancelled' || cancelled
          ? t('checkout.cancelledStatus')
          : t(`status.${payment.status}`);
  // Which outcome the page opens on: brought into view and focused (FocusOnArrival).
  const arrival = paid ? 'outcome-paid' : confirmingCancel ? 'outcome-confirm' : ended ? 'outcome-closed' : resuming ? 'card-form' : null;

  const summary = (
    <dl className={styles.summary}>
      <Term label={t('checkout.company')}>{company.label}</Term>
      <Term label={t('checkout.service')}>
        {service?.label[lang]}
        {option ? ` — ${option.label[lang]}` : ''}
        {payment.quantity > 1 ? ` × ${payment.quantity}` : ''}
        {payment.months > 1 ? `, ${t('months', { months: payment.months })}` : ''}
      </Term>
      <Term label={t('checkout.payer')}>
        {payment.payerName}
        {payment.reference ? ` (${payment.reference})` : ''}
      </Term>
      <Term label={t('fee')}>{payment.feeCents === 0 ? t('noFee') : formatEuros(payment.feeCents, locale)}</Term>
      <Term label={t('checkout.status')}>{statusLabel}</Term>
      {paid && (
        <Term label={t('checkout.paymentId')} valueClassName={styles.reference}>{shortReference(payment.id)}</Term>
      )}
      <Term label={t('total')} className={styles.grand}>
        {amount}
        {breakdown && <span className={styles.breakdown}>{breakdown}</span>}
      </Term>
    </dl>
  );

  const details = (
    <>
      {open && env.PAYMENT_PROVIDER === 'test' && (
        <div className={styles.banner}>
          <p>
            <strong>{t('checkout.testBanner')}</strong>
          </p>
          <p>{t('checkout.testCardsTitle')}:</p>
          <ul>
            {Object.entries(testCards).map(([number, outcome]) => (
              <li key={number}>
                <code>{number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> — {t(`checkout.${testCardKeys[outcome]}`)}
              </li>
            ))}
          </ul>
          <p>{t('checkout.testAny')}</p>
        </div>
      )}

      <section aria-labelledby="summary-title" className={styles.total}>
        <h2 id="summary-title" className={styles.legend}>
          {t('checkout.summaryTitle')}
        </h2>
        {summary}
      </section>

    </>
  );

  return (
    <>
      <PageHeader narrow title={paid ? t('checkout.successTitle') : t('checkout.title')} lead={company.label} />
      {arrival && <FocusOnArrival target={arrival} />}
      <Container narrow>
        <div className={`${styles.form} ${styles.layoutNarrow}`}>
          {paid ? (
            <div id="outcome-paid" tabIndex={-1} className={styles.success} role="status">
              <p>{t('checkout.successText', { amount, company: company.label, email: payment.payerEmail })}</p>
              {payment.cardBrand && payment.cardLast4 && (
                <p>{t('checkout.paidWith', { brand: brandNames[payment.cardBrand], last4: payment.cardLast4 })}</p>
              )}
              <ButtonLink href={`/companies/${company.slug}`} variant="secondary">
                {t('checkout.backToCompany', { company: company.label })}
              </ButtonLink>
            </div>
          ) : null}

          {confirmingCancel && (
            <section id="outcome-confirm" tabIndex={-1} className={styles.notice} aria-labelledby="confirm-title">
              <h2 id="confirm-title">{t('checkout.cancelConfirmTitle')}</h2>
              <p>{t('checkout.cancelConfirmText')}</p>
              <form action="/api/payments/cancel" method="post" className={styles.confirmActions}>
                <input type="hidden" name="payment" value={payment.id} />
                <input type="hidden" name="locale" value={locale} />
                <input type="hidden" name="confirmed" value="1" />
                <button type="submit" className={styles.dangerButton}>
                  {t('checkout.cancelConfirm')}
                </button>
                <ButtonLink href={`/checkout/${payment.id}?resume=1`} variant="secondary">
                  {t('checkout.cancelKeep')}
                </ButtonLink>
              </form>
            </section>
          )}

          {/* Outcomes come first, right under the title: in view without JavaScript too. */}
          {ended && (
            <div id="outcome-closed" tabIndex={-1} className={cancelled ? styles.notice : styles.alert} role="status">
              <h2>{cancelled ? t('checkout.cancelledTitle') : t('checkout.closedTitle')}</h2>
              <p>{cancelled ? t('checkout.cancelledText') : t('checkout.closedText')}</p>
              <ButtonLink href={`/companies/${company.slug}`} variant="secondary">
                {t('checkout.backToCompany', { company: company.label })}
              </ButtonLink>
            </div>
          )}

          {!(open && !confirmingCancel) && details}

          {open && !confirmingCancel && (
            <>
              <CardForm payment={payment.id} locale={locale} text={Payments.checkout} amount={amount} action={payWithCard}>
                {details}
              </CardForm>
              {/* Cancel asks first: a link to the confirm step, set apart from Pay. */}
              <p className={styles.cancelRow}>
                <a href={localizedPath(locale, `/checkout/${payment.id}?cancel=confirm`)} className={styles.linkButton}>
                  {t('checkout.cancel')}
                </a>
              </p>
            </>
          )}

        </div>
      </Container>
    </>
  );
}
