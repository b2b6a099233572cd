import type { ErrorCode, FormKind } from './schemas';

/** The hidden field that people never see and bots fill in. */
export const HONEYPOT_FIELD = 'company_fax';

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

/** The reCAPTCHA action name of a form (letters and underscores only), the same in browser and server. */
export function captchaAction(kind: FormKind): string {
  return kind.replace(/-/g, '_');
}
