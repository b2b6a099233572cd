import { randomUUID } from 'node:crypto';
import { db } from '@/lib/submissions/db';
import type { Brand } from './card';

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

type Row = Record<string, unknown>;

function fromRow(row: Row): Payment {
  return {
    id: row.id as string,
    company: row.company as string,
    service: row.service as string,
    option: row.option as string,
    quantity: row.quantity as number,
    months: row.months as number,
    amountCents: row.amount_cents as number,
    feeCents: row.fee_cents as number,
    payerName: row.payer_name as string,
    payerEmail: row.payer_email as string,
    reference: row.reference as string,
    locale: row.locale as string,
    provider: row.provider as string,
    providerRef: (row.provider_ref as string | null) ?? null,
    status: row.status as PaymentStatus,
    cardBrand: (row.card_brand as Brand | null) ?? null,
    cardLast4: (row.card_last4 as string | null) ?? null,
    attempts: row.attempts as number,
    lastOutcome: (row.last_outcome as string | null) ?? null,
    createdAt: row.created_at as string,
    paidAt: (row.paid_at as string | null) ?? null,
  };
}

export type NewPayment = Omit<Payment, 'id' | 'status' | 'providerRef' | 'cardBrand' | 'cardLast4' | 'attempts' | 'lastOutcome' | 'createdAt' | 'paidAt'> & {
  idempotencyKey: string;
};

/** Records a payment as `processing`; the same idempotency key returns the payment made first. */
export function createPayment(input: NewPayment): { payment: Payment; duplicate: boolean } {
  const database = db();
  return database.transaction(() => {
    const existing = database.prepare('SELECT * FROM payments WHERE idempotency_key = ?').get(input.idempotencyKey) as Row | undefined;
    if (existing) return { payment: fromRow(existing), duplicate: true };
    const id = randomUUID();
    const now = new Date().toISOString();
    database
      .prepare(
        `INSERT INTO payments (id, idempotency_key, company, service, option, quantity, months, amount_cents, fee_cents, payer_name,
           payer_email, reference, locale, provider, status, created_at, updated_at)
         VALUES (@id, @key, @company, @service, @option, @quantity, @months, @amount, @fee, @name, @email, @reference, @locale,
           @provider, 'processing', @now, @now)`,
      )
      .run({
        id,
        key: input.idempotencyKey,
        company: input.company,
        service: input.service,
        option: input.option,
        quantity: input.quantity,
        months: input.months,
        amount: input.amountCents,
        fee: input.feeCents,
        name: input.payerName,
        email: input.payerEmail,
        reference: input.reference,
        locale: input.locale,
        provider: input.provider,
        now,
      });
    return { payment: fromRow(database.prepare('SELECT * FROM payments WHERE id = ?').get(id) as Row), duplicate: false };
  }).immediate();
}

export function getPayment(id: string): Payment | null {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const row = db().prepare('SELECT * FROM payments WHERE id = ?').get(id) as Row | undefined;
  return row ? fromRow(row) : null;
}

/**
 * Records one card attempt and its outcome. A paid payment never changes again (a second success
 * cannot charge twice); a failed or declined one stays open for another card.
 */
export function recordAttempt(id: string, outcome: string, status: PaymentStatus, card: { brand: Brand; last4: string } | null): Payment {
  const now = new Date().toISOString();
  db()
    .prepare(
      `UPDATE payments SET attempts = attempts + 1, last_outcome = @outcome, status = @status, card_brand = COALESCE(@brand, card_brand),
         card_last4 = COALESCE(@last4, card_last4), updated_at = @now, paid_at = CASE WHEN @status = 'paid' THEN @now ELSE paid_at END
       WHERE id = @id AND status NOT IN ('paid', 'paidExternally', 'closed')`,
    )
    .run({ id, outcome, status, brand: card?.brand ?? null, last4: card?.last4 ?? null, now });
  return getPayment(id)!;
}

export function setProviderRef(id: string, ref: string): void {
  db().prepare('UPDATE payments SET provider_ref = ?, updated_at = ? WHERE id = ?').run(ref, new Date().toISOString(), id);
}

export function closePayment(id: string): void {
  db()
    .prepare(`UPDATE payments SET status = 'closed', last_outcome = 'cancelled', updated_at = ? WHERE id = ? AND status IN ('processing', 'fail')`)
    .run(new Date().toISOString(), id);
}

export function listPayments(limit = 1000): Payment[] {
  return (db().prepare('SELECT * FROM payments ORDER BY created_at DESC LIMIT ?').all(limit) as Row[]).map(fromRow);
}
