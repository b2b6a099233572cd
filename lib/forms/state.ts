import type { ErrorCode, FormKind } from './schemas';

/** The hidden field that people never see and bots fill in. */
export { HONEYPOT_FIELD } from '@/lib/limits.ts';

/** Problems of the whole form (not of one field), shown as `Forms.formErrors.<code>`. */
export type FormErrorCode = 'rateLimited' | 'captchaMissing' | 'captchaFailed' | 'unavailable' | 'tooLarge';

/** What a form's server action answers; with JavaScript off the server renders it into the page. */
export type FormState = {
  status: 'idle' | 'invalid' | 'error' | 'sent';
  errors: Record<string, ErrorCode>;
  formError: FormErrorCode | null;
  retryAfterSeconds?: number;
  /** The text fields as sent, so the form keeps them after a rejected submission. */
  values: Record<string, string>;
  /** The idempotency key of the next submission of this form. */
  key: string;
};

export function initialFormState(key: string): FormState {
  return { status: 'idle', errors: {}, formError: null, values: {}, key };
}

export type FormAction = (state: FormState, data: FormData) => Promise<FormState>;
export type { FormKind };

/** A text field of a posted form ('' when missing or a file). */
export function formText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * A field's value as it may be shown back in the form after a refusal: never longer than the field
 * accepts, so an oversized post cannot make the answer page larger than the form itself.
 */
export function echoed(value: string, maxLength: number): string {
  return value.slice(0, maxLength);
}

/** The shape of an idempotency key: what the site hands out (a UUID) and what API clients may send. */
export function isIdempotencyKey(key: string): boolean {
  return /^[A-Za-z0-9_-]{8,64}$/.test(key);
}

/**
 * The key a submission is stored under: the one sent (its shape checked by the caller), or a new one
 * when none was sent (an API client without Idempotency-Key).
 */
export function acceptedKey(key: string): string {
  return isIdempotencyKey(key) ? key : crypto.randomUUID();
}

/** The reCAPTCHA action name of a form (letters and underscores only), the same in browser and server. */
export function captchaAction(kind: FormKind): string {
  return kind.replace(/-/g, '_');
}
