'use client';

import { startTransition, useActionState, useEffect, useRef, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { usePathname } from 'next/navigation';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { CV_ACCEPT, cvProblemByName } from '@/lib/forms/cv';
import { schemaResolver, type Checker } from '@/lib/forms/resolver';
import { fieldErrors, formSchemas, limits, type ErrorCode, type FormKind } from '@/lib/forms/schemas';
import { HONEYPOT_FIELD, initialFormState, type FormAction } from '@/lib/forms/state';
import { isLocale, phoneExampleOf } from '@/lib/i18n/editions';
import { translator } from '@/lib/i18n/format-message';
import type { Messages } from '@/lib/i18n/messages';
import { formFields, type FieldSpec } from './fields';
import { useLeaveGuard } from './useLeaveGuard';
import styles from './Form.module.css';

type Values = Record<string, string | FileList | undefined>;

const noSubscription = () => () => {};

/**
 * The form's schema, with the page's scripts: checking the form is what a form page is for, and loaded
 * on demand it made the first check wait for a download after hydration (the error summary 0.9 s later
 * on a slow phone). The company page's payer form loads its schema on demand instead (PaymentForm).
 */
const checkerOf = (kind: FormKind) => (): Promise<Checker> => Promise.resolve({ schema: formSchemas[kind], fieldErrors });

type Props = {
  kind: FormKind;
  action: FormAction;
  /** Extra hidden fields (the edition, the vacancy). */
  hidden: Record<string, string>;
  initialKey: string;
  /** 'send' (ask a question) or 'submit' (the other forms): the button and its consent notice. */
  button: 'send' | 'submit';
  /** Shown instead of the form once it is sent (forms that do not move to another page). */
  thanks?: { title: string; text: string };
  /** Returns a reCAPTCHA token for the form's action, when reCAPTCHA is on. */
  getCaptchaToken?: () => Promise<string>;
  locale: string;
  /** The `Forms` texts of the catalogue (formatted here: lib/i18n/format-message.ts). */
  text: Messages['Forms'];
  /** The consent notice with its links, rendered on the server. */
  consent: ReactNode;
};

/** Client-side check of the attached CV (the server checks its content again). */
function withCvCheck(resolver: Resolver<Values>, hasCv: boolean): Resolver<Values> {
  if (!hasCv) return resolver;
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const files = values.cv instanceof FileList ? values.cv : undefined;
    const problem = cvProblemByName(files?.[0]);
    if (!problem) return result;
    const errors = { ...result.errors, cv: { type: problem, message: problem } } as FieldErrors<Values>;
    return { values: {}, errors };
  };
}

/**
 * One of the site's forms. Without JavaScript it is a plain form posting to its server action, which
 * answers with the page and the errors in it. With JavaScript, react-hook-form checks the same zod
 * schema as the server before sending, and the server's answer updates the form in place.
 */
export function SubmissionForm({ kind, action, hidden, initialKey, button, thanks, getCaptchaToken, locale, text, consent }: Props) {
  const t = translator(text, locale);
  // The phone hint's example number is the edition's country's (the catalogue is shared by three countries).
  const phoneExample = isLocale(locale) ? phoneExampleOf(locale) : '';
  // The permalink (this page) becomes the server-rendered form's action: valid HTML, and where the
  // form posts before JavaScript runs.
  const [state, formAction, pending] = useActionState(action, initialFormState(initialKey), usePathname());
  const fields = formFields[kind];
  const summaryRef = useRef<HTMLDivElement>(null);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  // Until hydration the server's errors are shown as rendered (JavaScript off); after it, they live
  // in react-hook-form (set below), which also clears them as the visitor corrects the fields.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);

  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty, submitCount },
  } = useForm<Values>({
    resolver: withCvCheck(schemaResolver<Values>(checkerOf(kind)), kind === 'job-application'),
    defaultValues: state.values,
    // Errors appear on submit, not on leaving a field: a message appearing on blur moves the button
    // away from under the pointer, and the click that caused the blur is lost.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // The server's verdict: its field errors go next to the fields; a sent form is no longer "unsaved".
  useEffect(() => {
    for (const [name, code] of Object.entries(state.errors)) setError(name, { type: 'server', message: code });
    if (state.status === 'sent') {
      reset({});
      thanksRef.current?.focus();
    }
    if (state.status === 'invalid' || state.status === 'error') summaryRef.current?.focus();
  }, [state, setError, reset]);

  useLeaveGuard(isDirty && !pending && state.status !== 'sent', t('leaveConfirm'));

  if (state.status === 'sent' && thanks) {
    return (
      <div className={styles.thanks} role="status">
        <h2 ref={thanksRef} tabIndex={-1}>
          {thanks.title}
        </h2>
        <p>{thanks.text}</p>
      </div>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    void handleSubmit(async () => {
      const data = new FormData(form);
      if (getCaptchaToken) data.set('recaptcha_token', await getCaptchaToken().catch(() => ''));
      startTransition(() => formAction(data));
    })(event);
  }

  const codeOf = (name: string): ErrorCode | undefined =>
    hydrated ? (errors[name]?.message as ErrorCode | undefined) : state.errors[name];
  const listed = fields.filter((field) => codeOf(field.name));
  const showSummary = (submitCount > 0 || state.status === 'invalid') && listed.length > 0;

  return (
    <form
      action={formAction}
      onSubmit={onSubmit}
      noValidate
      className={styles.form}
      aria-busy={pending}
    >
      {showSummary && (
        <div ref={summaryRef} tabIndex={-1} className={styles.summary} role="alert">
          <p>{t('errorSummary')}</p>
          <ul>
            {listed.map((field) => (
              <li key={field.name}>
                <a href={`#${kind}-${field.name}`}>
                  {t(field.name)}: {t(`errors.${codeOf(field.name)!}`)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {state.formError && (
        <div ref={showSummary ? undefined : summaryRef} tabIndex={-1} className={styles.formError} role="alert">
          {state.formError === 'rateLimited'
            ? t('formErrors.rateLimited', { minutes: Math.max(1, Math.ceil((state.retryAfterSeconds ?? 60) / 60)) })
            : t(`formErrors.${state.formError}`)}
        </div>
      )}

      <p className={styles.note}>{t('requiredNote')}</p>
      {fields.map((field) => (
        <Field key={field.name} kind={kind} field={field} value={state.values[field.name]} error={codeOf(field.name)} register={register} t={t} phoneExample={phoneExample} />
      ))}

      <input type="hidden" name="key" value={state.key} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className={styles.trap}>
        <label>
          {t('honeypot')}
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>

      <p className={styles.consent}>{consent}</p>
      <button type="submit" className={styles.submit} disabled={pending}>
        {pending ? t('sending') : t(button)}
      </button>
    </form>
  );
}

type FieldProps = {
  kind: FormKind;
  field: FieldSpec;
  /** The value sent last time (kept after a rejected submission; rendered by the server too). */
  value: string | undefined;
  error: ErrorCode | undefined;
  register: ReturnType<typeof useForm<Values>>['register'];
  t: ReturnType<typeof translator<Messages['Forms']>>;
  phoneExample: string;
};

function Field({ kind, field, value, error, register, t, phoneExample }: FieldProps) {
  const id = `${kind}-${field.name}`;
  const hintId = field.hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
    'aria-required': field.required || undefined,
    className: styles.input,
    ...register(field.name),
  };
  const maxLength = field.name === 'cv' || field.name === 'keep' ? undefined : limits[field.name];

  if (field.type === 'checkbox') {
    // An optional consent: the box comes first and its whole sentence is the label.
    return (
      <div className={`${styles.field} ${styles.check}`}>
        <input type="checkbox" value="yes" defaultChecked={value === 'yes'} {...common} className={styles.checkbox} />
        <label htmlFor={id}>{t(field.name)}</label>
      </div>
    );
  }

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {t(field.name)}{' '}
        {field.required ? <span className={styles.required}>{t('required')}</span> : <span className={styles.optional}>({t('optional')})</span>}
      </label>
      {hintId && (
        <p id={hintId} className={styles.hint}>
          {t(`${field.name}Hint` as 'phoneHint', { example: phoneExample })}
        </p>
      )}
      {field.type === 'textarea' ? (
        <textarea rows={6} maxLength={maxLength} defaultValue={value} {...common} />
      ) : field.type === 'file' ? (
        <input type="file" accept={CV_ACCEPT} {...common} />
      ) : (
        <input
          type={field.type}
          autoComplete={field.autoComplete}
          maxLength={maxLength}
          inputMode={field.type === 'tel' ? 'tel' : field.type === 'email' ? 'email' : undefined}
          spellCheck={field.type === 'email' || field.type === 'url' ? false : undefined}
          defaultValue={value}
          {...common}
        />
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {t(`errors.${error}`)}
        </p>
      )}
    </div>
  );
}
