import { randomUUID } from 'node:crypto';
import { database } from '@/lib/db';
import { deliverFor, enqueue } from '@/lib/outbox';
import type { Brand } from './card';
import { isPaid, needsReview, nextStatus, type PaymentEvent, type PaymentStatus } from './machine';
import { COLUMNS, fromRow, type Payment, type Row } from './store';
import { logger, metrics } from '@/lib/observability';

/** Who reports an event: kept in the audit trail and the log, never used to decide. */
export type EventSource = 'checkout' | 'start' | 'payer' | 'return' | 'notification' | 'reconciliation' | 'provider';

export type EventInput = {
  event: PaymentEvent;
  source: EventSource;
  /** The card tried on the test checkout (brand and last four digits only). */
  card?: { brand: Brand; last4: string } | null;
  /** What exactly happened, for the audit trail (`expired`, `processingError`...); the event by default. */
  outcome?: string;
  /** The provider's id of the payment, learnt when it was created there. */
  providerRef?: string;
  /** A provider notification's id: an event with an id already handled changes nothing (a replay). */
  eventId?: string;
};

export type Applied = {
  payment: Payment;
  from: PaymentStatus;
  /** The table allowed it and the row changed. */
  changed: boolean;
  /** The table does not allow this event from the payment's status: nothing changed. */
  refused: boolean;
  /** The notification id was handled before: nothing changed. */
  replay: boolean;
  /** This event made the payment paid (its receipt was put in the outbox in the same transaction). */
  becamePaid: boolean;
};

/** One JSON line per decision worth an operator's eye; no personal data (ids and statuses only). */
function log(level: 'info' | 'warn', event: string, fields: Record<string, unknown>) {
  logger('payments')[level]({ event, ...fields }, event);
  // The label is the transition's target status (or `refused`): a short list fixed by the machine.
  metrics().paymentEvents.inc({ event: event === 'payment.transition' ? String(fields.to) : 'refused' });
}

/**
 * The one function that changes a payment's status. In one transaction: lock the row, check the
 * transition table, update the row, record the event in the audit trail, remember a notification's id,
 * and, when the payment becomes paid, write its receipt to the outbox. The receipt row has the
 * payment's id in its key, so even a second `paid` could not add another. Resolves to null for an
 * unknown payment. After the commit a new receipt is sent at once (the outbox retries it).
 */
export async function applyPaymentEvent(paymentId: string, input: EventInput, now = new Date()): Promise<Applied | null> {
  if (!/^[0-9a-f-]{36}$/.test(paymentId)) return null;
  const db = await database();
  const at = now.toISOString();
  const result = await db.transaction(async (tx): Promise<Applied | null> => {
    // PostgreSQL: concurrent events of one payment queue here. SQLite: writers are serialized already.
    const lock = db.dialect === 'postgres' ? 'FOR UPDATE' : '';
    const row = await tx.get<Row>(`SELECT ${COLUMNS} FROM payments WHERE id = ? ${lock}`, [paymentId]);
    if (!row) return null;
    const payment = fromRow(row);
    const from = payment.status;
    const to = nextStatus(from, input.event);
    const unchanged = { payment, from, changed: false, becamePaid: false };

    if (input.eventId) {
      const fresh = await tx.run(
        `INSERT INTO payment_notifications (event_id, payment_id, status, outcome, received_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING`,
        [input.eventId, paymentId, input.event, to ? 'applied' : 'refused', at],
      );
      if (fresh === 0) return { ...unchanged, refused: false, replay: true };
    }
    if (!to) {
      log('warn', 'payment.transition_refused', { payment: paymentId, status: from, paymentEvent: input.event, source: input.source });
      return { ...unchanged, refused: true, replay: false };
    }

    const card = input.card ?? null;
    // Paid after the site had closed or cancelled it: recorded and receipted like any payment, and
    // flagged until the operator resolves it (payments --stuck, billme_payments_needing_review).
    const review = needsReview(from, to);
    const changed = await tx.run(
      `UPDATE payments SET status = ?, updated_at = ?, last_outcome = ?, provider_ref = COALESCE(?, provider_ref),
         card_brand = COALESCE(?, card_brand), card_last4 = COALESCE(?, card_last4), attempts = attempts + ?,
         paid_at = CASE WHEN ? THEN ? ELSE paid_at END, review = COALESCE(?, review)
       WHERE id = ? AND status = ?`,
      [to, at, input.outcome ?? input.event, input.providerRef ?? null, card?.brand ?? null, card?.last4 ?? null, card ? 1 : 0, isPaid(to), at, review, paymentId, from],
    );
    if (changed !== 1) return { ...unchanged, refused: true, replay: false };
    await tx.run('INSERT INTO payment_attempts (id, payment_id, outcome, card_brand, card_last4, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
      randomUUID(), paymentId, `${input.source}:${input.outcome ?? input.event}`, card?.brand ?? null, card?.last4 ?? null, at,
    ]);
    const becamePaid = to === 'paid' && from !== 'paid';
    if (becamePaid) await enqueue(tx, { id: `receipt-${paymentId}`, topic: 'mail', ref: paymentId, payload: { template: 'receipt' } }, now);
    const updated = await tx.get<Row>(`SELECT ${COLUMNS} FROM payments WHERE id = ?`, [paymentId]);
    log('info', 'payment.transition', { payment: paymentId, from, to, paymentEvent: input.event, source: input.source });
    if (review) logger('payments').warn({ event: 'payment.needs_review', payment: paymentId, reason: review, source: input.source }, 'a payment was paid after the site ended it');
    return { payment: fromRow(updated!), from, changed: true, refused: false, replay: false, becamePaid };
  });
  if (result?.becamePaid) {
    void deliverFor(paymentId).catch((error: unknown) => logger('outbox').error({ event: 'outbox.failed', payment: paymentId, err: error }, 'receipt delivery failed'));
  }
  return result;
}
