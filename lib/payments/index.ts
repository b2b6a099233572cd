/**
 * The payments door: what routes, actions, the CLI and other domains use. Outside lib/payments only
 * this file and the pure modules (card, price, schemas, state: no database, no environment) are
 * imported (ESLint enforces this); the browser imports the pure modules one by one, so that its
 * bundle takes only what it uses.
 */
export { acceptedBrands, brandNames, checkCard, cvcLength, detectBrand, digitsOf, type Brand, type CardError, type CheckedCard } from './card';
export { computePrice, formatEuros, optionPrice, SERVICE_FEE_CENTS, type Choice, type Price, type PriceableService, type PriceError } from './price';
export { parseEuros, payerSchema, REFERENCE_MAX, type Payer } from './schemas';
export type { CardFormState, CardOutcome, PaymentFormState } from './state';
export { companySlugs, getCompany, isCompanySlug, type Company, type CompanyOption, type CompanyService, type CompanySlug } from './catalogue';
export { createRemotePayment, PaymentProviderError, remotePaymentStatus, statusAfter, testCards, testOutcome, type TestOutcome } from './providers';
export { recordPayment, sendReceipt, type StartInput, type StartResult } from './service';
export { closePayment, getPayment, listPayments, paymentStatuses, recordAttempt, setProviderRef, type Payment, type PaymentStatus } from './store';
