import { randomUUID } from 'node:crypto';
import { database } from '@/lib/db';
import { normalizeEmail } from '@/lib/forms/email';
import { enqueue } from '@/lib/outbox/store';
import { paymentRetainUntil } from '@/lib/privacy/policy';
import type { Brand } from './card';
import { logger, metrics } from '@/lib/observability';

export const paymentStatuses = ['processing', 'paid', 'paidExternally', 'fail', 'closed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export type Payment = {
  id: string;
  company: string;
  service: string;
  option: string;
  quantity: number;
  months: number;
  amountCents: number;
  feeCents: number;
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
};

type Row = {
  id: string;
  company: string;
  service: string;
  option: string;
  quantity: number;
  months: number;
  amount_cents: number;
  fee_cents: number;
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
};

function fromRow(row: Row): Payment {
  return {
    id: row.id,
    company: row.company,
    service: row.service,
    option: row.option,
    quantity: row.quantity,
    months: row.months,
    amountCents: row.amount_cents,
    feeCents: row.fee_cents,
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
  };
}

const COLUMNS = `id, company, service, option, quantity, months, amount_cents, fee_cents, payer_name, payer_email, reference, locale,
  provider, provider_ref, status, card_brand, card_last4, attempts, last_outcome, created_at, paid_at`;

export type NewPayment = Omit<Payment, 'id' | 'status' | 'providerRef' | 'cardBrand' | 'cardLast4' | 'attempts' | 'lastOutcome' | 'createdAt' | 'paidAt'> & {
  idempotencyKey: string;
};

/** Records a payment as `processing`; the same idempotency key returns the payment made first. */
export async function createPayment(input: NewPayment): Promise<{ payment: Payment; duplicate: boolean }> {
  const db = await database();
  const id = randomUUID();
  const now = new Date().toISOString();
  const inserted = await db.run(
    `INSERT INTO payments (id, idempotency_key, company, service, option, quantity, months, amount_cents, fee_cents, payer_name,
       payer_email, payer_email_normalized, reference, locale, provider, status, created_at, updated_at, retain_until)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'processing', ?, ?, ?)
     ON CONFLICT (idempotency_key) DO NOTHING`,
    [id, input.idempotencyKey, input.company, input.service, input.option, input.quantity, input.months, input.amountCents, input.feeCents,
      input.payerName, input.payerEmail, normalizeEmail(input.payerEmail), input.reference, input.locale, input.provider, now, now, paymentRetainUntil(new Date(now))],
  );
  const row = await db.get<Row>(`SELECT ${COLUMNS} FROM payments WHERE idempotency_key = ?`, [input.idempotencyKey]);
  if (inserted === 1) paymentEvent('created', { payment: id, company: input.company, amountCents: input.amountCents, provider: input.provider });
  return { payment: fromRow(row!), duplicate: inserted === 0 };
}

/** A payment event: one log line (ids, amounts and outcomes, never the payer) and a counter. */
function paymentEvent(event: 'created' | 'attempt' | 'paid' | 'failed' | 'closed', fields: Record<string, unknown>): void {
  metrics().paymentEvents.inc({ event });
  logger('payments').info({ event: `payment.${event}`, ...fields }, `payment ${event}`);
}

export async function getPayment(id: string): Promise<Payment | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const db = await database();
  const row = await db.get<Row>(`SELECT ${COLUMNS} FROM payments WHERE id = ?`, [id]);
  return row ? fromRow(row) : null;
}

/**
 * Records one card attempt and its outcome. A paid payment never changes again (a second success
 * cannot charge twice); a failed or declined one stays open for another card. The moment it becomes
 * paid, its receipt mail is put in the outbox in the same transaction: one receipt, never lost.
 */
export async function recordAttempt(id: string, outcome: string, status: PaymentStatus, card: { brand: Brand; last4: string } | null): Promise<Payment> {
  const db = await database();
  const now = new Date().toISOString();
  const changed = await db.transaction(async (tx) => {
    const changed = await tx.run(
      `UPDATE payments SET attempts = attempts + 1, last_outcome = ?, status = ?, card_brand = COALESCE(?, card_brand),
         card_last4 = COALESCE(?, card_last4), updated_at = ?, paid_at = CASE WHEN ? = 'paid' THEN ? ELSE paid_at END
       WHERE id = ? AND status NOT IN ('paid', 'paidExternally', 'closed')`,
      [outcome, status, card?.brand ?? null, card?.last4 ?? null, now, status, now, id],
    );
    if (changed === 1 && status === 'paid') await enqueue(tx, { topic: 'mail', ref: id, payload: { template: 'receipt' } });
    if (changed === 1) {
      await tx.run('INSERT INTO payment_attempts (id, payment_id, outcome, card_brand, card_last4, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
        randomUUID(), id, outcome, card?.brand ?? null, card?.last4 ?? null, now,
      ]);
    }
    return changed;
  });
  if (changed === 1) paymentEvent(status === 'paid' ? 'paid' : status === 'fail' ? 'failed' : 'attempt', { payment: id, outcome, status });
  return (await getPayment(id))!;
}

export async function setProviderRef(id: string, ref: string): Promise<void> {
  const db = await database();
  await db.run('UPDATE payments SET provider_ref = ?, updated_at = ? WHERE id = ?', [ref, new Date().toISOString(), id]);
}

export async function closePayment(id: string): Promise<void> {
  const db = await database();
  const changed = await db.run(`UPDATE payments SET status = 'closed', last_outcome = 'cancelled', updated_at = ? WHERE id = ? AND status IN ('processing', 'fail')`, [
    new Date().toISOString(),
    id,
  ]);
  if (changed === 1) paymentEvent('closed', { payment: id });
}

export async function listPayments(limit = 1000): Promise<Payment[]> {
  const db = await database();
  return (await db.all<Row>(`SELECT ${COLUMNS} FROM payments ORDER BY created_at DESC LIMIT ?`, [limit])).map(fromRow);
}
