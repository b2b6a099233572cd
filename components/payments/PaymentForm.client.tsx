'use client';

import { usePathname } from 'next/navigation';
import { startTransition, useActionState, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { schemaResolver, type Checker } from '@/lib/forms/resolver';
import type { ErrorCode } from '@/lib/forms/schemas';
import { translator } from '@/lib/i18n/format-message';
import { computePrice, formatEuros, parseEuros, type PriceableService } from '@/lib/payments/price';
import type { PaymentFormState } from '@/lib/payments/state';
import type { Payer } from '@/lib/payments/schemas';
import { FIELD_LIMITS, PAYMENT_REFERENCE_MAX_CHARS } from '@/lib/limits.ts';
import type { PaymentFormText } from './payment-form-text';
import styles from './Payments.module.css';

/** The longest value of each payer field, as payerSchema checks it (lib/limits.ts). */
const PAYER_MAX_CHARS: Record<'name' | 'email' | 'reference', number> = { name: FIELD_LIMITS.name, email: FIELD_LIMITS.email, reference: PAYMENT_REFERENCE_MAX_CHARS };

const noSubscription = () => () => {};

/** The payer's schema, loaded when first needed (lib/forms/resolver.ts): zod is not among the page's first scripts. */
const payerChecker = (): Promise<Checker> => import('@/lib/payments/schemas').then((schemas) => ({ schema: schemas.payerSchema, fieldErrors: schemas.fieldErrors }));

/**
 * A service as the picker shows it. Its prices and periods come formatted from the server
 * (PaymentSection.tsx), so drawing the form formats nothing; the island formats only the total, once the
 * payer has chosen (a page's first Intl formatter costs the browser the locale's data: about 12 ms).
 */
export type ServiceView = Omit<PriceableService, 'options' | 'periods'> & {
  label: string;
  /** The kind of service, shown as a chip when the title does not already say it. */
  typeLabel?: string;
  /** `toConfirm`: "price to be confirmed", for a price the company has not confirmed (content/companies/README.md). */
  options: (PriceableService['options'][number] & { label: string; shown: OptionPrice; toConfirm?: string })[];
  periods?: (NonNullable<PriceableService['periods']>[number] & { label: string })[];
  /** "From 5,00 € to 500,00 €": the range of a free amount. */
  freeRange?: string;
};

/** An option's price as shown: the price paid, and for a discount the price before it. */
export type OptionPrice = { price: string; before?: { insteadOf: string; price: string; off: string } };

type Props = {
  company: string;
  locale: string;
  /** Its texts of the catalogue's `Payments` and `Forms` (formatted here: lib/i18n/format-message.ts). */
  text: PaymentFormText;
  services: ServiceView[];
  initialKey: string;
  action: (state: PaymentFormState, data: FormData) => Promise<PaymentFormState>;
};

/**
 * The payment option picker. It is a plain form (one radio group over every service's options, with
 * per-service quantity, period and amount fields), so it works without JavaScript; with it, the total
 * is shown as the payer chooses. The server computes the amount again from the catalogue.
 */
export function PaymentForm({ company, locale, text, services, initialKey, action }: Props) {
  const t = translator(text.Payments, locale);
  const forms = translator(text.Forms, locale);
  const [state, formAction, pending] = useActionState(action, {
    status: 'idle',
    errors: {},
    choiceError: null,
    formError: null,
    values: {},
    key: initialKey,
  } satisfies PaymentFormState, `${usePathname()}#pay-errors`);
  const [choice, setChoice] = useState(state.values.choice ?? '');
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [months, setMonths] = useState<Record<string, number>>({});
  const [amounts, setAmounts] = useState<Record<string, string>>({});

  // What the payer chose before the scripts ran: the browser kept it in the form (React hydrates over
  // the controls without resetting them), but this state starts empty and its first render would undo
  // it. Read once, in the hydrating commit, before any render that sets the controls.
  const formRef = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const picked = form.querySelector<HTMLInputElement>('input[name="choice"]:checked');
    if (picked) setChoice(picked.value);
    const byService = (prefix: string) =>
      Object.fromEntries([...form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(`[name^="${prefix}-"]`)].map((field) => [field.name.slice(prefix.length + 1), field.value]));
    const numbers = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([id, value]) => [id, Number(value)]));
    setQuantities(numbers(byService('quantity')));
    setMonths(numbers(byService('months')));
    setAmounts(byService('amount'));
  }, []);

  const [serviceId = '', optionId = ''] = choice.split('/');
  const price = choice
    ? computePrice(services, {
        serviceId,
        optionId,
        quantity: quantities[serviceId],
        months: months[serviceId],
        amount: optionId === 'free' ? parseEuros(amounts[serviceId] ?? '') : undefined,
      })
    : null;
  const money = (cents: number) => formatEuros(cents, locale);

  // The payer's fields are checked in the browser with the schema the server uses (react-hook-form);
  // without JavaScript the server's answer shows the same errors.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const { register, handleSubmit, setError, formState } = useForm<Payer>({
    resolver: schemaResolver<Payer>(payerChecker),
    defaultValues: { name: state.values.name ?? '', email: state.values.email ?? '', reference: state.values.reference ?? '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // A refused submit focuses the error summary (below), not the first field: the payer learns first
    // what is wrong, including a missing choice above the fields.
    shouldFocusError: false,
  });
  useEffect(() => {
    for (const [name, code] of Object.entries(state.errors)) setError(name as keyof Payer, { type: 'server', message: code });
  }, [state, setError]);
  // The schema is fetched once the form works, so it is in before the payer sends.
  useEffect(() => {
    payerChecker().catch(() => undefined);
  }, []);
  const fieldError = (name: keyof Payer): ErrorCode | undefined =>
    hydrated ? (formState.errors[name]?.message as ErrorCode | undefined) : state.errors[name];

  // What is wrong with the choice, checked in the browser as the server will (the same computePrice):
  // nothing chosen, or an amount outside its range.
  const choiceProblem = !choice ? 'unknownOption' : price && 'error' in price ? price.error : null;
  // Refused submits in the browser; each one moves focus to the summary (an effect, after it is drawn).
  const [attempts, setAttempts] = useState(0);
  const choiceError = hydrated && attempts > 0 ? choiceProblem : state.choiceError;
  const payerErrors = (['name', 'email', 'reference'] as const).filter((name) => fieldError(name));
  const hasErrors = Boolean(choiceError) || payerErrors.length > 0;
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (state.status === 'started' && state.checkout) window.location.assign(state.checkout);
    else if (attempts > 0 || state.status !== 'idle') summaryRef.current?.focus();
  }, [attempts, state]);

  // The tab's title says "Error:" while the summary is shown (without JavaScript the page's metadata
  // says it: app/[locale]/companies/[company]/page.tsx).
  const showSummary = hasErrors || Boolean(state.formError);
  useEffect(() => {
    if (!showSummary || !hydrated) return;
    const title = document.title;
    document.title = forms('errorTitle', { title });
    return () => {
      document.title = title;
    };
  }, [showSummary, hydrated, forms]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    void handleSubmit(
      () => {
        if (choiceProblem) setAttempts((n) => n + 1);
        else {
          const data = new FormData(form);
          // The checkout is loaded as a document of its own (its CSP names the provider's page).
          data.set('navigate', 'document');
          startTransition(() => formAction(data));
        }
      },
      () => setAttempts((n) => n + 1),
    )(event);
  }

  // Where each error's link leads: the field to correct.
  const choiceTarget =
    choiceError === 'badAmount' ? `amount-${serviceId}` : choiceError === 'badQuantity' ? `quantity-${serviceId}` : choiceError === 'badPeriod' ? `months-${serviceId}` : `opt-${services[0]?.id}-${services[0]?.options[0]?.id ?? 'free'}`;
  const payerLabels = { name: t('name'), email: t('emailReceipt'), reference: t('reference') };
  const amountError = choiceError === 'badAmount';

  return (
    <form ref={formRef} action={formAction} onSubmit={onSubmit} className={styles.form} noValidate aria-busy={pending}>
      {/* The summary comes first, with a link to each field to correct; focused on a refused submit, and
          without JavaScript the refused page opens on it (the form's permalink ends in #pay-errors). */}
      <div id="pay-errors" ref={summaryRef} tabIndex={-1} className={showSummary ? styles.alert : undefined} role={showSummary ? 'alert' : undefined}>
        {state.formError && <p>{t(state.formError)}</p>}
        {hasErrors && (
          <>
            <p className={styles.summaryTitle}>{forms('errorSummary')}</p>
            <ul className={styles.summaryList}>
              {choiceError && (
                <li>
                  <a href={`#${choiceTarget}`}>{t(`choiceErrors.${choiceError}`)}</a>
                </li>
              )}
              {payerErrors.map((name) => (
                <li key={name}>
                  <a href={`#pay-${name}`}>
                    {payerLabels[name]}: {forms(`errors.${fieldError(name)!}`)}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <fieldset className={styles.group} aria-describedby={choiceError && !amountError ? 'choice-error' : undefined}>
        <legend className={styles.legend}>{t('serviceLegend')}</legend>
        {choiceError && !amountError && (
          <p id="choice-error" className={styles.error}>
            {t(`choiceErrors.${choiceError}`)}
          </p>
        )}
        {services.map((service) => (
          <fieldset key={service.id} className={styles.service}>
            <legend>
              {service.label} {service.typeLabel && <span className={styles.type}>{service.typeLabel}</span>}
            </legend>
            <ul className={styles.options}>
              {service.options.map((option) => {
                const value = `${service.id}/${option.id}`;
                const { price: shownPrice, before } = option.shown;
                return (
                  <li key={option.id}>
                    <label className={styles.option}>
                      <input id={`opt-${service.id}-${option.id}`} type="radio" name="choice" value={value} checked={choice === value} onChange={() => setChoice(value)} required />
                      <span className={styles.optionLabel}>
                        {option.label}
                        {option.toConfirm && <span className={styles.toConfirm}> ({option.toConfirm})</span>}
                      </span>
                      <span className={styles.optionPrice}>
                        {before ? (
                          <>
                            <span className="visually-hidden">{before.insteadOf}</span>
                            <s aria-hidden="true">{before.price}</s> {shownPrice} <span className={styles.badge}>{before.off}</span>
                          </>
                        ) : (
                          shownPrice
                        )}
                      </span>
                    </label>
                  </li>
                );
              })}
              {service.freeAmount && (
                <li>
                  <label className={styles.option}>
                    <input
                      id={`opt-${service.id}-free`}
                      type="radio"
                      name="choice"
                      value={`${service.id}/free`}
                      checked={choice === `${service.id}/free`}
                      onChange={() => setChoice(`${service.id}/free`)}
                      // The only choice of a donation without presets: the group needs it then.
                      required={service.options.length === 0}
                    />
                    <span className={styles.optionLabel}>{t(service.options.length ? 'free' : 'freeOnly')}</span>
                    <span className={styles.optionPrice}>{service.freeRange}</span>
                  </label>
                  <label className={styles.inline}>
                    {t('amount')}
                    <input
                      id={`amount-${service.id}`}
                      name={`amount-${service.id}`}
                      aria-invalid={amountError && serviceId === service.id ? true : undefined}
                      aria-describedby={amountError && serviceId === service.id ? 'choice-error' : undefined}
                      inputMode="decimal"
                      autoComplete="off"
                      className={styles.small}
                      defaultValue=""
                      onChange={(event) => {
                        setAmounts({ ...amounts, [service.id]: event.target.value });
                        setChoice(`${service.id}/free`);
                      }}
                    />
                  </label>
                  {amountError && serviceId === service.id && (
                    <p id="choice-error" className={styles.error}>
                      {t('choiceErrors.badAmount')}
                    </p>
                  )}
                </li>
              )}
            </ul>
            {service.quantity && (
              <label className={styles.inline}>
                {t('quantity')}
                <select
                  id={`quantity-${service.id}`}
                  name={`quantity-${service.id}`}
                  className={styles.small}
                  value={quantities[service.id] ?? 1}
                  onChange={(event) => setQuantities({ ...quantities, [service.id]: Number(event.target.value) })}
                >
                  {Array.from({ length: service.quantity.max }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {service.periods && (
              <label className={styles.inline}>
                {t('period')}
                <select
                  id={`months-${service.id}`}
                  name={`months-${service.id}`}
                  className={styles.small}
                  value={months[service.id] ?? service.periods[0]!.months}
                  onChange={(event) => setMonths({ ...months, [service.id]: Number(event.target.value) })}
                >
                  {service.periods.map((period) => (
                    <option key={period.months} value={period.months}>
                      {period.label}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </fieldset>
        ))}
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('payerLegend')}</legend>
        {(
          [
            ['name', t('name'), 'name', 'text', true],
            ['email', t('emailReceipt'), 'email', 'email', true],
            ['reference', t('reference'), 'off', 'text', false],
          ] as const
        ).map(([name, label, autoComplete, type, required]) => (
          <div key={name} className={styles.field}>
            <label htmlFor={`pay-${name}`} className={styles.label}>
              {label}{' '}
              {required ? <span className={styles.required}>{forms('required')}</span> : <span className={styles.optional}>({forms('optional')})</span>}
            </label>
            {name === 'reference' && (
              <p id="pay-reference-hint" className={styles.hint}>
                {t('referenceHint')}
              </p>
            )}
            <input
              id={`pay-${name}`}
              type={type}
              autoComplete={autoComplete}
              maxLength={PAYER_MAX_CHARS[name]}
              defaultValue={state.values[name]}
              {...register(name)}
              aria-invalid={fieldError(name) ? true : undefined}
              aria-describedby={[name === 'reference' ? 'pay-reference-hint' : '', fieldError(name) ? `pay-${name}-error` : ''].filter(Boolean).join(' ') || undefined}
              aria-required={required || undefined}
              className={styles.input}
            />
            {fieldError(name) && (
              <p id={`pay-${name}-error`} className={styles.error}>
                {forms(`errors.${fieldError(name)!}`)}
              </p>
            )}
          </div>
        ))}
      </fieldset>

      <div className={styles.total} aria-live="polite">
        <h3>{t('totalTitle')}</h3>
        {price && 'price' in price ? (
          <dl>
            <div>
              <dt>{t('fee')}</dt>
              <dd>{price.price.fee === 0 ? t('noFee') : money(price.price.fee)}</dd>
            </div>
            <div className={styles.grand}>
              <dt>{t('total')}</dt>
              <dd>{money(price.price.total)}</dd>
            </div>
          </dl>
        ) : (
          <p className={styles.hint}>{t('totalEmpty')}</p>
        )}
      </div>

      <input type="hidden" name="company" value={company} />
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="key" value={state.key} />
      <button type="submit" className={styles.submit} disabled={pending}>
        {t('continue')}
      </button>
    </form>
  );
}
