import type { ErrorCode } from '@/lib/forms/schemas';
import type { CardError } from './card';
import type { PriceError } from './price';

export type PaymentFormState = {
  status: 'idle' | 'invalid' | 'error';
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

export type CardOutcome = 'declined' | 'expired' | 'processingError';

export type CardFormState = {
  status: 'idle' | 'invalid' | CardOutcome | 'closed';
  errors: Partial<Record<'name' | 'number' | 'expiry' | 'cvc', CardError>>;
  /** Only the cardholder's name is kept between attempts; the number and CVC never come back. */
  name: string;
  /** Grows with each declined or failed attempt: the card fields start empty for the next card. */
  attempt: number;
};
