import type { ErrorCode } from '@/lib/forms/schemas';
import type { PriceError } from './price';

export type PaymentFormState = {
  /** `started`: recorded; the browser loads `checkout` as a document of its own (its own CSP). */
  status: 'idle' | 'invalid' | 'error' | 'started';
  checkout?: string;
  errors: Partial<Record<'name' | 'email' | 'reference', ErrorCode>>;
  choiceError: PriceError | null;
  /**
   * `keyReused`: this form was already used for another payment (a fresh key comes with it);
   * `rateLimited`: this client started too many payments lately (PAYMENT_RATE_LIMIT).
   */
  formError: 'unavailable' | 'keyReused' | 'rateLimited' | null;
  values: Record<string, string>;
  key: string;
};
