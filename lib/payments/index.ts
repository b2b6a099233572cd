/**
 * The payments door: what routes, actions, jobs and other domains use. Behind it: the state machine
 * (machine.ts, one transition table) applied by one function (apply.ts), the providers behind one
 * interface (provider.ts; providers/ registers them) with their notifications, reconciliation, the
 * catalogue, the receipt model, and the sandbox provider (sandbox/; mounted in the site by
 * test-provider/). Client islands import only the pure modules they need (card.ts, price.ts,
 * schemas.ts, state.ts), which hold no server code.
 */
import { setLocalDelivery } from './local-delivery';
import { notificationAnswer } from './notifications';

export { applyPaymentEvent, type Applied, type EventInput, type EventSource } from './apply';
export { brandNames, checkCard, type Brand, type CheckedCard } from './card';
export { companiesIn, companySlugs, countryOfAddress, getCompany, isCompanySlug, isDemoContact, openCompanyData, type Company, type CompanySlug } from './catalogue';
export { cancelPayment, checkoutPayment, hostedTarget, PaymentRedirectRefused, sendToProvider, settleWithProvider, type CancelOutcome } from './flows';
export { isPaid, isPayable, nextStatus, paymentEvents, paymentStatuses, transitions, type PaymentEvent, type PaymentStatus } from './machine';
export { NOTIFICATION_MAX_BYTES, NOTIFY_PREFIX, notificationAnswer, receiveNotification } from './notifications';
export { SIGNATURE_HEADER, signBody as signNotification, verifyBody as verifySignature } from './billme-signature';
export { formatEuros, parseEuros, type Choice } from './price';
export { PaymentProviderError, type PaymentProvider } from './provider';
export { activeProvider, isSandboxPayment, providerOf } from './providers';
export { reconcilePayments, startReconciliation, stopReconciliation, type ReconcileReport } from './reconcile';
export { receiptOf, type Receipt, type Translate } from './receipt';
export { receiptPdf } from './receipt-pdf';
export { shortReference } from './reference';
export { REFERENCE_MAX } from './schemas';
export { paymentsData } from './personal-data';
export { recordPayment } from './service';
export type { PaymentFormState } from './state';
export { getPayment, listPayments, listStuck, resolveReview, type Payment } from './store';
export { testCards } from './sandbox/cards';
export { embeddedSandbox } from './test-provider/embedded';
export { TEST_PROVIDER_PREFIX } from './test-provider/paths';

// The embedded test provider hands its notifications to the same handler in-process (no import loop).
setLocalDelivery((provider, request) => notificationAnswer(provider, request));
