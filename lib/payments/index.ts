/**
 * The payments door: what routes, actions, the CLI and other domains use. Nothing outside
 * lib/payments imports a file behind it (ESLint enforces this); the browser uses `./shared`.
 */
export * from './shared';
export { checkCard, type CheckedCard } from './card';
export { companySlugs, getCompany, isCompanySlug, type Company, type CompanyOption, type CompanyService, type CompanySlug } from './catalogue';
export { createRemotePayment, PaymentProviderError, remotePaymentStatus, statusAfter, testCards, testOutcome, type TestOutcome } from './providers';
export { recordPayment, sendReceipt, type StartInput, type StartResult } from './service';
export { closePayment, getPayment, listPayments, paymentStatuses, recordAttempt, setProviderRef, type Payment, type PaymentStatus } from './store';
