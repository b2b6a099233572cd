/**
 * The payments door: what routes, actions, jobs and other domains use. Behind it: the state machine
 * (machine.ts, one transition table) applied by one function (apply.ts), the providers, signed
 * notifications, reconciliation and the catalogue. Client islands import only the pure modules they
 * need (card.ts, price.ts, schemas.ts, state.ts), which hold no server code.
 */
export { applyPaymentEvent, type Applied, type EventInput, type EventSource } from './apply';
export { brandNames, checkCard, type Brand, type CheckedCard } from './card';
export { companySlugs, getCompany, isCompanySlug, isDemoContact, openCompanyData, type Company, type CompanySlug } from './catalogue';
export { cancelPayment, payWithTestCard, sendToProvider, settleWithProvider } from './flows';
export { isPaid, isPayable, nextStatus, paymentEvents, paymentStatuses, transitions, type PaymentEvent, type PaymentStatus } from './machine';
export { NOTIFICATION_MAX_BYTES, receiveNotification, SIGNATURE_HEADER, signNotification, verifySignature } from './notifications';
export { formatEuros, type Choice } from './price';
export { PaymentProviderError, testCards } from './providers';
export { reconcilePayments, startReconciliation, stopReconciliation, type ReconcileReport } from './reconcile';
export { parseEuros, REFERENCE_MAX } from './schemas';
export { recordPayment } from './service';
export type { CardFormState, PaymentFormState } from './state';
export { getPayment, listPayments, listStuck, type Payment } from './store';
