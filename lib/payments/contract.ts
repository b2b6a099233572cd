/**
 * The payment API's contract (docs/api.md, "The payment provider contract"): what the site sends to
 * create, ask about and cancel a payment, what a provider answers, and the body of its signed
 * notification. One module for both sides: the site's client (contract-client.ts) and the sandbox
 * provider (sandbox/) parse with the same schemas. Pure: zod only.
 */
import { z } from 'zod';
import { acceptedBrands } from './card';
import { NOTIFICATION_FIELD_MAX, PROVIDER_CONTRACT_MAX as MAX } from '@/lib/limits.ts';

/** What a provider says of a payment (GET /payments/{id}, a notification, the answer to a cancel). */
export const providerStatuses = ['processing', 'paid', 'paidExternally', 'fail', 'declined', 'cancelled', 'closed'] as const;
export type ProviderStatus = (typeof providerStatuses)[number];

const webAddress = z.url({ protocol: /^https?$/ });
export const cardSchema = z.object({ brand: z.enum(acceptedBrands), last4: z.string().regex(/^\d{4}$/) });

/** POST /payments, with `Idempotency-Key: <the site's payment id>`. */
export const createRequestSchema = z.object({
  amount: z.number().int().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  description: z.string().min(1).max(MAX.description),
  reference: z.string().max(MAX.reference),
  payer: z.object({ name: z.string().max(MAX.payerName), email: z.string().max(MAX.email) }),
  /** Where the provider sends the payer back. */
  return_url: webAddress,
  /** Optional: where this payment's notifications go, instead of the one configured at the provider. */
  notify_url: webAddress.optional(),
  /** Optional: the language of the hosted page (`el-CY`). */
  locale: z.string().max(MAX.locale).optional(),
  metadata: z.object({ payment_id: z.string().min(1).max(MAX.paymentId), company: z.string().min(1).max(MAX.company), company_label: z.string().max(MAX.companyLabel).optional() }),
});
export type CreateRequest = z.infer<typeof createRequestSchema>;

/** Its answer: the provider's id and the hosted page's address (the origin may differ from the API's). */
// Only a web address (a `javascript:` or `data:` one would run in the site's redirect), or a path on the
// site for the embedded provider; its origin is checked against the hosted origins before it is followed.
const redirectUrl = z.string().max(MAX.redirectUrl).refine((v) => /^\/(?![/\\])/.test(v) || (/^https?:\/\//i.test(v) && URL.canParse(v)), 'a web address');
export const createAnswerSchema = z.object({ id: z.string().min(1).max(NOTIFICATION_FIELD_MAX.providerRef), redirect_url: redirectUrl });
/** GET /payments/{id} and POST /payments/{id}/cancel: how it stands (after the cancel). */
export const statusAnswerSchema = z.object({ id: z.string(), status: z.enum(providerStatuses), card: cardSchema.optional() });

export const NOTIFICATION_TYPE = 'payment.updated';

/** The signed notification's body (Billme-Signature over the raw bytes). */
export const notificationSchema = z.object({
  id: z.string().min(1).max(NOTIFICATION_FIELD_MAX.id),
  type: z.string().min(1).max(NOTIFICATION_FIELD_MAX.type),
  payment_id: z.string().min(1).max(NOTIFICATION_FIELD_MAX.paymentId),
  // Required: a notification that names no provider reference cannot be matched to what was created.
  provider_ref: z.string().min(1).max(NOTIFICATION_FIELD_MAX.providerRef),
  status: z.enum(providerStatuses),
  /** What the provider charged (integer cents), in which currency, for which company: checked against the row. */
  amount: z.number().int().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  company: z.string().min(1).max(NOTIFICATION_FIELD_MAX.company),
  created: z.number().int().positive(),
  /** Optional: the card the payer used (brand and last four digits only). */
  card: cardSchema.optional(),
  /** Optional, with `declined`: why (`expired`, `declined`), kept as the attempt's outcome. */
  decline_code: z.enum(['declined', 'expired']).optional(),
});
export type NotificationBody = z.infer<typeof notificationSchema>;
