import { randomBytes } from 'node:crypto';
import { database } from '@/lib/db';
import type { Brand } from '../card';
import type { ProviderStatus } from '../machine';

/**
 * The test provider's checkout sessions: its own table (test_provider_sessions), as a real provider
 * keeps its own. `authenticating`: a 3-D Secure card waits for the payer's confirmation.
 */
export type SessionStatus = 'open' | 'authenticating' | 'paid' | 'declined' | 'fail' | 'cancelled';

export type Session = {
  id: string;
  paymentId: string;
  amountCents: number;
  currency: string;
  /** The company's slug (signed into notifications) and its name (shown). */
  company: string;
  companyLabel: string;
  description: string;
  returnUrl: string;
  locale: string;
  status: SessionStatus;
  cardBrand: Brand | null;
  cardLast4: string | null;
};

type Row = {
  id: string; payment_id: string; amount_cents: number; currency: string; company: string; company_label: string; description: string; return_url: string;
  locale: string; status: SessionStatus; card_brand: Brand | null; card_last4: string | null;
};
const COLUMNS = 'id, payment_id, amount_cents, currency, company, company_label, description, return_url, locale, status, card_brand, card_last4';
const fromRow = (r: Row): Session => ({
  id: r.id, paymentId: r.payment_id, amountCents: Number(r.amount_cents), currency: r.currency, company: r.company, companyLabel: r.company_label, description: r.description,
  returnUrl: r.return_url, locale: r.locale, status: r.status, cardBrand: r.card_brand, cardLast4: r.card_last4,
});

/** Session ids are the page's capability (its address): 128 random bits. */
export const SESSION_ID = /^cs_test_[0-9a-f]{32}$/;

export async function getSession(id: string): Promise<Session | null> {
  if (!SESSION_ID.test(id)) return null;
  const row = await (await database()).get<Row>(`SELECT ${COLUMNS} FROM test_provider_sessions WHERE id = ?`, [id]);
  return row ? fromRow(row) : null;
}

export async function sessionOfPayment(paymentId: string): Promise<Session | null> {
  const row = await (await database()).get<Row>(`SELECT ${COLUMNS} FROM test_provider_sessions WHERE payment_id = ? ORDER BY created_at DESC LIMIT 1`, [paymentId]);
  return row ? fromRow(row) : null;
}

/**
 * One session per payment, made at the first start: starting again (a resent form, a retry after a
 * refused card) reopens the same session unless it was paid.
 */
export async function openSession(input: Omit<Session, 'id' | 'status' | 'cardBrand' | 'cardLast4'>): Promise<Session> {
  const db = await database();
  const now = new Date().toISOString();
  return db.transaction(async (tx) => {
    await tx.lock(`test-provider:${input.paymentId}`);
    const existing = await tx.get<Row>(`SELECT ${COLUMNS} FROM test_provider_sessions WHERE payment_id = ?`, [input.paymentId]);
    if (existing) {
      if (existing.status !== 'paid') {
        await tx.run(`UPDATE test_provider_sessions SET status = 'open', return_url = ?, locale = ?, updated_at = ? WHERE id = ?`, [input.returnUrl, input.locale, now, existing.id]);
      }
      return fromRow((await tx.get<Row>(`SELECT ${COLUMNS} FROM test_provider_sessions WHERE id = ?`, [existing.id]))!);
    }
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    await tx.run(
      `INSERT INTO test_provider_sessions (${COLUMNS}, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', NULL, NULL, ?, ?)`,
      [id, input.paymentId, input.amountCents, input.currency, input.company, input.companyLabel, input.description, input.returnUrl, input.locale, now, now],
    );
    return { ...input, id, status: 'open', cardBrand: null, cardLast4: null };
  });
}

/** Moves a session from one of `from` to `to` (false: it was not in one of them, nothing changed). */
export async function moveSession(id: string, from: readonly SessionStatus[], to: SessionStatus, card?: { brand: Brand; last4: string }): Promise<boolean> {
  const marks = from.map(() => '?').join(', ');
  const changed = await (await database()).run(
    `UPDATE test_provider_sessions SET status = ?, card_brand = COALESCE(?, card_brand), card_last4 = COALESCE(?, card_last4), updated_at = ?
     WHERE id = ? AND status IN (${marks})`,
    [to, card?.brand ?? null, card?.last4 ?? null, new Date().toISOString(), id, ...from],
  );
  return changed === 1;
}

/** What the provider answers when asked about the payment (GET status: return and reconciliation). */
export function providerStatusOf(session: Session | null): ProviderStatus {
  if (!session) return 'processing';
  return session.status === 'open' || session.status === 'authenticating' ? 'processing' : session.status;
}
