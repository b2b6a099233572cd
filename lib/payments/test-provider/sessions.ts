/** The embedded sandbox's storage: its own table in the site's database (test_provider_sessions), as a real provider keeps its own. */
import { database } from '@/lib/db';
import type { Brand } from '../card';
import { newSessionId, REOPENABLE, SESSION_ID, type SandboxStore, type Session, type SessionStatus } from '../sandbox/store';

type Row = {
  id: string; payment_id: string; amount_cents: number; currency: string; company: string; company_label: string; description: string; return_url: string;
  locale: string; status: SessionStatus; card_brand: Brand | null; card_last4: string | null;
};
const COLUMNS = 'id, payment_id, amount_cents, currency, company, company_label, description, return_url, locale, status, card_brand, card_last4';
const fromRow = (r: Row): Session => ({
  id: r.id, paymentId: r.payment_id, amountCents: Number(r.amount_cents), currency: r.currency, company: r.company, companyLabel: r.company_label, description: r.description,
  returnUrl: r.return_url, notifyUrl: '', locale: r.locale, status: r.status, cardBrand: r.card_brand, cardLast4: r.card_last4,
});

/** The site's table never holds a card number: brand and last four only, like the payment row. */
export const tableStore: SandboxStore = {
  async get(id) {
    if (!SESSION_ID.test(id)) return null;
    const row = await (await database()).get<Row>(`SELECT ${COLUMNS} FROM test_provider_sessions WHERE id = ?`, [id]);
    return row ? fromRow(row) : null;
  },

  async open(input) {
    const db = await database();
    const now = new Date().toISOString();
    return db.transaction(async (tx) => {
      await tx.lock(`test-provider:${input.paymentId}`);
      const existing = await tx.get<Row>(`SELECT ${COLUMNS} FROM test_provider_sessions WHERE payment_id = ?`, [input.paymentId]);
      if (existing) {
        if (REOPENABLE.includes(existing.status)) {
          await tx.run(`UPDATE test_provider_sessions SET status = 'open', return_url = ?, locale = ?, updated_at = ? WHERE id = ?`, [input.returnUrl, input.locale, now, existing.id]);
        }
        return fromRow((await tx.get<Row>(`SELECT ${COLUMNS} FROM test_provider_sessions WHERE id = ?`, [existing.id]))!);
      }
      const id = newSessionId();
      await tx.run(
        `INSERT INTO test_provider_sessions (${COLUMNS}, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', NULL, NULL, ?, ?)`,
        [id, input.paymentId, input.amountCents, input.currency, input.company, input.companyLabel, input.description, input.returnUrl, input.locale, now, now],
      );
      return { ...input, notifyUrl: '', id, status: 'open' as const, cardBrand: null, cardLast4: null };
    });
  },

  async move(id, from, to, card) {
    const marks = from.map(() => '?').join(', ');
    const changed = await (await database()).run(
      `UPDATE test_provider_sessions SET status = ?, card_brand = COALESCE(?, card_brand), card_last4 = COALESCE(?, card_last4), updated_at = ?
       WHERE id = ? AND status IN (${marks})`,
      [to, card?.brand ?? null, card?.last4 ?? null, new Date().toISOString(), id, ...from],
    );
    return changed === 1;
  },
};
