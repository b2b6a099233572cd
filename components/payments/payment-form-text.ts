import type { Messages } from '@/lib/i18n/messages';

/**
 * The catalogue texts the payment picker formats (components/payments/PaymentForm.client.tsx), and only
 * those: picked on the server, so the company page does not ship the checkout's and other forms' texts.
 */
export const PAYMENT_FORM_KEYS = {
  Payments: [
    'serviceLegend', 'choiceErrors', 'unavailable', 'keyReused', 'rateLimited', 'free', 'freeOnly', 'amount', 'quantity', 'period', 'payerLegend', 'name', 'emailReceipt', 'reference', 'referenceHint', 'totalTitle', 'totalEmpty', 'fee', 'noFee', 'total',
    'continue',
  ],
  Forms: ['required', 'optional', 'errors', 'errorSummary', 'errorTitle'],
} as const;

export type PaymentFormText = {
  Payments: Pick<Messages['Payments'], (typeof PAYMENT_FORM_KEYS.Payments)[number]>;
  Forms: Pick<Messages['Forms'], (typeof PAYMENT_FORM_KEYS.Forms)[number]>;
};
