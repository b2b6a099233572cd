/**
 * The payments door: what routes, actions, jobs and other domains use. Behind it: the state machine
 * (machine.ts, one transition table) applied by one function (apply.ts), the providers behind one
 * interface (provider.ts; providers/ registers them), signed notifications, reconciliation, the
 * catalogue, and the test provider's own payment page. Client islands import only the pure modules
 * they need (card.ts, price.ts, schemas.ts, state.ts), which hold no server code.
 */
export { applyPaymentEvent, type Applied, type EventInput, type EventSource } from './apply';
export { brandNames, checkCard, type Brand, type CheckedCard } from './card';
export { companySlugs, getCompany, isCompanySlug, isDemoContact, openCompanyData, type Company, type CompanySlug } from './catalogue';
export { cancelPayment, sendToProvider, settleWithProvider } from './flows';
export { isPaid, isPayable, nextStatus, paymentEvents, paymentStatuses, transitions, type PaymentEvent, type PaymentStatus } from './machine';
export { NOTIFICATION_MAX_BYTES, receiveNotification, SIGNATURE_HEADER, signNotification, verifySignature } from './notifications';
export { formatEuros, parseEuros, type Choice } from './price';
export { PaymentProviderError, type PaymentProvider } from './provider';
export { activeProvider, isSandboxPayment } from './providers';
export { reconcilePayments, startReconciliation, stopReconciliation, type ReconcileReport } from './reconcile';
export { REFERENCE_MAX } from './schemas';
export { recordPayment } from './service';
export type { PaymentFormState } from './state';
export { getPayment, listPayments, listStuck, type Payment } from './store';
export { testCards } from './test-provider/cards';
export { testProviderGet, testProviderPost } from './test-provider/handle';
export { TEST_PROVIDER_PREFIX } from './test-provider/paths';
