import { randomUUID } from 'node:crypto';
import { database } from '@/lib/db';
import { LIST_MAX_ROWS } from '@/lib/limits.ts';
import { normalizeEmail } from '@/lib/forms/email';
import { paymentRetainUntil } from '@/lib/privacy';
import type { Brand } from './card';
import type { PaymentStatus, ReviewReason } from './machine';

export type { PaymentStatus } from './machine';

export type Payment = {
  id: string;
  company: string;
  service: string;
  option: string;
  quantity: number;
  months: number;
  amountCents: number;
  feeCents: number;
  /** ISO 4217; EUR for every catalogue price. */
  currency: string;
  payerName: string;
  payerEmail: string;
  reference: string;
  locale: string;
  provider: string;
  providerRef: string | null;
  status: PaymentStatus;
  cardBrand: Brand | null;
  cardLast4: string | null;
  attempts: number;
  lastOutcome: string | null;
  createdAt: string;
  paidAt: string | null;
  /** Why the operator must look at it (paid after the site closed or cancelled it), until resolved. */
  review: ReviewReason | null;
  reviewedAt: string | null;
};

export type Row = {
  id: string;
  company: string;
  service: string;
  option: string;
  quantity: number;
  months: number;
  amount_cents: number;
  fee_cents: number;
  currency: string;
  payer_name: string;
  payer_email: string;
  reference: string;
  locale: string;
  provider: string;
  provider_ref: string | null;
  status: PaymentStatus;
  card_brand: Brand | null;
  card_last4: string | null;
  attempts: number;
  last_outcome: string | null;
  created_at: string;
  paid_at: string | null;
  review: ReviewReason | null;
  reviewed_at: string | null;
};

export function fromRow(row: Row): Payment {
  return {
    id: row.id,
    company: row.company,
    service: row.service,
    option: row.option,
    quantity: row.quantity,
    months: row.months,
    amountCents: row.amount_cents,
    feeCents: row.fee_cents,
    currency: row.currency,
    payerName: row.payer_name,
    payerEmail: row.payer_email,
    reference: row.reference,
    locale: row.locale,
    provider: row.provider,
    providerRef: row.provider_ref,
    status: row.status,
    cardBrand: row.card_brand,
    cardLast4: row.card_last4,
    attempts: row.attempts,
    lastOutcome: row.last_outcome,
    createdAt: row.created_at,
    paidAt: row.paid_at,
    review: row.review,
    reviewedAt: row.reviewed_at,
  };
}

export const COLUMNS = `id, company, service, option, quantity, months, amount_cents, fee_cents, currency, payer_name, payer_email, reference, locale,
  provider, provider_ref, status, card_brand, card_last4, attempts, last_outcome, created_at, paid_at, review, reviewed_at`;

export type NewPayment = Omit<Payment, 'id' | 'currency' | 'status' | 'providerRef' | 'cardBrand' | 'cardLast4' | 'attempts' | 'lastOutcome' | 'createdAt' | 'paidAt' | 'review' | 'reviewedAt'> & {
  idempotencyKey: string;
};

/** Records a payment as `open` (no card tried, not yet at a provider); the same idempotency key returns the payment made first. */
export async function createPayment(input: NewPayment): Promise<{ payment: Payment; duplicate: boolean }> {
  const db = await database();
  const id = randomUUID();
  const now = new Date().toISOString();
  const inserted = await db.run(
    `INSERT INTO payments (id, idempotency_key, company, service, option, quantity, months, amount_cents, fee_cents, payer_name,
       payer_email, payer_email_normalized, reference, locale, provider, status, created_at, updated_at, retain_until)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?)
     ON CONFLICT (idempotency_key) DO NOTHING`,
    [id, input.idempotencyKey, input.company, input.service, input.option, input.quantity, input.months, input.amountCents, input.feeCents,
      input.payerName, input.payerEmail, normalizeEmail(input.payerEmail), input.reference, input.locale, input.provider, now, now, paymentRetainUntil(new Date(now))],
  );
  const row = await db.get<Row>(`SELECT ${COLUMNS} FROM payments WHERE idempotency_key = ?`, [input.idempotencyKey]);
  return { payment: fromRow(row!), duplicate: inserted === 0 };
}

export async function getPayment(id: string): Promise<Payment | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const db = await database();
  const row = await db.get<Row>(`SELECT ${COLUMNS} FROM payments WHERE id = ?`, [id]);
  return row ? fromRow(row) : null;
}

export async function listPayments(limit = LIST_MAX_ROWS): Promise<Payment[]> {
  const db = await database();
  return (await db.all<Row>(`SELECT ${COLUMNS} FROM payments ORDER BY created_at DESC LIMIT ?`, [limit])).map(fromRow);
}

/**
 * Payments still `processing` (sent to the provider) whose last change is older than `before`: what
 * reconciliation asks the provider about.
 */
export async function listProcessing(before: Date, limit = 500): Promise<Payment[]> {
  const db = await database();
  const rows = await db.all<Row>(`SELECT ${COLUMNS} FROM payments WHERE status = 'processing' AND updated_at < ? ORDER BY updated_at LIMIT ?`, [
    before.toISOString(),
    limit,
  ]);
  return rows.map(fromRow);
}

/**
 * What `payments --stuck` lists for the operator: payments still processing after `before`, and every
 * payment flagged for review (paid after the site closed or cancelled it) until it is resolved.
 */
export async function listStuck(before: Date, limit = 500): Promise<Payment[]> {
  const db = await database();
  const rows = await db.all<Row>(
    `SELECT ${COLUMNS} FROM payments WHERE (status = 'processing' AND updated_at < ?) OR (review IS NOT NULL AND reviewed_at IS NULL) ORDER BY updated_at LIMIT ?`,
    [before.toISOString(), limit],
  );
  return rows.map(fromRow);
}

/** The operator has dealt with a flagged payment (refunded it, or confirmed it with the payer): no longer listed. */
export async function resolveReview(id: string, now = new Date()): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return false;
  const db = await database();
  return (await db.run('UPDATE payments SET reviewed_at = ? WHERE id = ? AND review IS NOT NULL AND reviewed_at IS NULL', [now.toISOString(), id])) === 1;
}
