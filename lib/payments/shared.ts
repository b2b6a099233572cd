/**
 * The payments door for the browser: prices, card checks, the payer's schema and the forms' states.
 * Pure: no environment, no database, no file system, so client islands may import it. Everything
 * else goes through `@/lib/payments`.
 */
export { acceptedBrands, brandNames, cvcLength, detectBrand, digitsOf, type Brand, type CardError } from './card';
export { computePrice, formatEuros, optionPrice, SERVICE_FEE_CENTS, type Choice, type Price, type PriceableService, type PriceError } from './price';
export { parseEuros, payerSchema, REFERENCE_MAX, type Payer } from './schemas';
export type { CardFormState, CardOutcome, PaymentFormState } from './state';
