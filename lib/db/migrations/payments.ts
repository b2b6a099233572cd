import type { Migration } from './types';

/**
 * Payments on company pages. Amounts in euro cents; card data is never stored, only the brand and the
 * last four digits of each card tried.
 */
const paymentColumns = (t: { text: string; time: string }) => `
    id ${t.text} PRIMARY KEY,
    idempotency_key ${t.text} NOT NULL UNIQUE,
    company ${t.text} NOT NULL,
    service ${t.text} NOT NULL,
    option ${t.text} NOT NULL,
    quantity INTEGER NOT NULL,
    months INTEGER NOT NULL,
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    fee_cents INTEGER NOT NULL,
    currency ${t.text} NOT NULL DEFAULT 'EUR',
    payer_name ${t.text} NOT NULL,
    payer_email ${t.text} NOT NULL,
    reference ${t.text} NOT NULL DEFAULT '',
    locale ${t.text} NOT NULL,
    provider ${t.text} NOT NULL,
    provider_ref ${t.text},
    status ${t.text} NOT NULL CHECK (status IN ('processing', 'paid', 'paidExternally', 'fail', 'closed')),
    card_brand ${t.text},
    card_last4 ${t.text},
    attempts INTEGER NOT NULL DEFAULT 0,
    last_outcome ${t.text},
    created_at ${t.time} NOT NULL,
    updated_at ${t.time} NOT NULL,
    paid_at ${t.time}`;

export const paymentsTable: Migration = {
  id: '0002-payments',
  sqlite: [`CREATE TABLE payments (${paymentColumns({ text: 'TEXT', time: 'TEXT' })});
    CREATE INDEX payments_company ON payments (company, created_at);`],
  postgres: [`CREATE TABLE payments (${paymentColumns({ text: 'text', time: 'timestamptz' })});
    CREATE INDEX payments_company ON payments (company, created_at);`],
};

/** Every card attempt of a payment, with its outcome (an audit trail beside the payment's summary). */
export const paymentAttempts: Migration = {
  id: '0004-payment-attempts',
  sqlite: [
    `CREATE TABLE payment_attempts (
      id TEXT PRIMARY KEY,
      payment_id TEXT NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
      outcome TEXT NOT NULL,
      card_brand TEXT,
      card_last4 TEXT,
      created_at TEXT NOT NULL
    );
    CREATE INDEX payment_attempts_payment ON payment_attempts (payment_id, created_at);`,
  ],
  postgres: [
    `CREATE TABLE payment_attempts (
      id text PRIMARY KEY,
      payment_id text NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
      outcome text NOT NULL,
      card_brand text,
      card_last4 text,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX payment_attempts_payment ON payment_attempts (payment_id, created_at);`,
  ],
};
