'use client';

import { usePathname } from 'next/navigation';
import { useActionState, useEffect, useRef, useState, type ReactNode } from 'react';
import { cvcLength, detectBrand, digitsOf } from '@/lib/payments/card';
import type { CardFormState } from '@/lib/payments/state';
import { translator } from '@/lib/i18n/format-message';
import type { Messages } from '@/lib/i18n/messages';
import { BrandMark } from './BrandMark';
import styles from './Payments.module.css';

type Text = Messages['Payments']['checkout'];

type Props = {
  payment: string;
  locale: string;
  /** The `Payments.checkout` texts of the catalogue (formatted here: lib/i18n/format-message.ts). */
  text: Text;
  amount: string;
  action: (state: CardFormState, data: FormData) => Promise<CardFormState>;
  /** What the page shows between an attempt's outcome and the card fields (the summary). */
  children?: ReactNode;
};

/** `4242424242424242` → `4242 4242 4242 4242` as the payer types (pasting works too). */
const groupDigits = (value: string) => digitsOf(value).replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
/** `1228` → `12/28` */
const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/**
 * The test checkout's card form: browser autofill names (cc-name, cc-number, cc-exp, cc-csc), numeric
 * keypads, the brand shown as it is recognised. After a declined attempt the security code is cleared;
 * the name, number and expiry stay for a correction or are replaced by another card's.
 */
export function CardForm({ payment, locale, text, amount, action, children }: Props) {
  const t = translator(text, locale);
  const [state, formAction, pending] = useActionState(action, { status: 'idle', errors: {}, name: '', attempt: 0 } satisfies CardFormState, `${usePathname()}#card-outcome`);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const outcome = state.status === 'declined' || state.status === 'expired' || state.status === 'processingError' ? state.status : null;

  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (outcome) {
      // Focus without the browser's own scroll, then one jump to the result once the page has settled
      // (the summary moves below the form as the result appears; a smooth scroll begun before that
      // could end elsewhere). scroll-margin keeps it below the sticky header.
      const element = outcomeRef.current;
      element?.focus({ preventScroll: true });
      requestAnimationFrame(() => element?.scrollIntoView({ block: 'start', behavior: 'instant' }));
    }
    // A refused submit: focus the first field in error (its message is tied to it and read out).
    else if (state.status === 'invalid') formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state, outcome]);

  const titles = { declined: ['declinedTitle', 'declinedText'], expired: ['expiredTitle', 'expiredText'], processingError: ['errorTitle', 'errorText'] } as const;
  // The outcome of an attempt comes first, right under the page title, and the card form right under
  // it (the summary then follows the form), so that on a phone the next try is in view: without
  // JavaScript too (that answer is a new page, opened at the outcome: the permalink's #card-outcome).
  return (
    <div className={styles.form}>
      {outcome && (
        <div id="card-outcome" ref={outcomeRef} tabIndex={-1} className={styles.alert} role="alert">
          <h2>{t(titles[outcome][0])}</h2>
          <p>{t(titles[outcome][1])}</p>
        </div>
      )}
      {!outcome && children}
    <form id="card-form" tabIndex={-1} aria-label={t('cardLegend')} ref={formRef} action={formAction} className={styles.form} noValidate aria-busy={pending}>
      {state.status === 'closed' && (
        <div className={styles.alert} role="alert">
          <h2>{t('closedTitle')}</h2>
          <p>{t('closedText')}</p>
        </div>
      )}
      <CardFields state={state} t={t} />
      <input type="hidden" name="payment" value={payment} />
      <input type="hidden" name="locale" value={locale} />
      <p className={styles.hint}>{t('secure')}</p>
      <button type="submit" className={styles.submit} disabled={pending}>
        {pending ? t('paying') : t('pay', { amount })}
      </button>
    </form>
      {outcome && children}
    </div>
  );
}

/**
 * The card inputs. After a declined or failed attempt the number and expiry the browser still holds
 * stay (a mistyped digit is corrected, not the whole number typed again); the security code is
 * cleared. The server never sends a card number back: without JavaScript the fields start empty.
 */
function CardFields({ state, t }: { state: CardFormState; t: ReturnType<typeof translator<Text>> }) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [attempt, setAttempt] = useState(state.attempt);
  if (attempt !== state.attempt) {
    setAttempt(state.attempt);
    setCvc('');
  }
  const brand = detectBrand(digitsOf(number));
  const cvcDigits = cvcLength(digitsOf(number));
  const error = (field: 'name' | 'number' | 'expiry' | 'cvc') =>
    field === 'number' && brand === 'other' ? 'unsupportedBrand' : state.status === 'invalid' ? state.errors[field] : undefined;
  const described = (field: 'name' | 'number' | 'expiry' | 'cvc', hint?: string) =>
    [hint, error(field) ? `cc-${field}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('cardLegend')}</legend>
        <p className={styles.hint}>{t('accepted')}</p>
        <div className={styles.field}>
          <label htmlFor="cc-name" className={styles.label}>
            {t('cardName')}
          </label>
          <input id="cc-name" name="cc-name" autoComplete="cc-name" defaultValue={state.name} maxLength={100} className={styles.input}
            aria-invalid={error('name') ? true : undefined} aria-describedby={described('name')} />
          {error('name') && <p id="cc-name-error" className={styles.error}>{t(`cardErrors.${error('name')!}`)}</p>}
        </div>
        <div className={styles.field}>
          <label htmlFor="cc-number" className={styles.label}>
            {t('cardNumber')}
          </label>
          <div className={styles.numberRow}>
            <input id="cc-number" name="cc-number" autoComplete="cc-number" inputMode="numeric" value={number}
              onChange={(event) => {
                setNumber(groupDigits(event.target.value));
              }} maxLength={23} className={styles.input}
              aria-invalid={error('number') ? true : undefined} aria-describedby={described('number')} />
            <span className={styles.brand} aria-live="polite">
              {brand && brand !== 'other' && <BrandMark brand={brand} />}
            </span>
          </div>
          {/* role=alert: a refused card type is announced as soon as the number shows it, not only on submit. */}
          {error('number') && <p id="cc-number-error" className={styles.error} role={error('number') === 'unsupportedBrand' ? 'alert' : undefined}>{t(`cardErrors.${error('number')!}`)}</p>}
        </div>
        <div className={styles.pair}>
          <div className={styles.field}>
            <label htmlFor="cc-exp" className={styles.label}>
              {t('expiry')}
            </label>
            <input id="cc-exp" name="cc-exp" autoComplete="cc-exp" inputMode="numeric" value={expiry} placeholder={t('expiryPlaceholder')}
              onChange={(event) => setExpiry(formatExpiry(event.target.value))} maxLength={7} className={styles.input}
              aria-invalid={error('expiry') ? true : undefined} aria-describedby={described('expiry')} />
            {error('expiry') && <p id="cc-expiry-error" className={styles.error}>{t(`cardErrors.${error('expiry')!}`)}</p>}
          </div>
          <div className={styles.field}>
            <label htmlFor="cc-csc" className={styles.label}>
              {t('cvc')}
            </label>
            <input id="cc-csc" name="cc-csc" autoComplete="cc-csc" inputMode="numeric" value={cvc}
              onChange={(event) => setCvc(event.target.value.replace(/\D/g, '').slice(0, cvcDigits))} maxLength={cvcDigits} className={styles.input}
              aria-invalid={error('cvc') ? true : undefined} aria-describedby={described('cvc', 'cc-csc-hint')} />
            <p id="cc-csc-hint" className={styles.hint}>{t('cvcHint')}</p>
            {error('cvc') && <p id="cc-cvc-error" className={styles.error}>{t(`cardErrors.${error('cvc')!}`)}</p>}
          </div>
        </div>
      </fieldset>
  );
}
