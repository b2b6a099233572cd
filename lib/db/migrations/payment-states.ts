import type { Migration } from './types';

/**
 * The payment state machine (lib/payments/machine.ts): the statuses open, declined and cancelled join
 * the spec's five. Rows are mapped to what they meant before: a test payment without a card attempt
 * was `processing` and is `open`; one with a refused card is `declined`; a remote one never sent to the
 * provider is `open`; a payer's cancellation was stored as `closed` with last_outcome 'cancelled'.
 *
 * Also: `payment_notifications`, the provider's event ids already handled (a replay changes nothing),
 * and `job_leases`, which lets one instance at a time run a job such as reconciliation.
 */
const STATUSES = `'open', 'processing', 'declined', 'fail', 'paid', 'paidExternally', 'cancelled', 'closed'`;

const remap = `UPDATE payments SET status = CASE
    WHEN status = 'closed' AND last_outcome = 'cancelled' THEN 'cancelled'
    WHEN status = 'processing' AND provider = 'test' AND attempts = 0 THEN 'open'
    WHEN status = 'processing' AND provider = 'test' THEN 'declined'
    WHEN status = 'processing' AND provider_ref IS NULL THEN 'open'
    ELSE status END;`;

const COLUMNS = `id, idempotency_key, company, service, option, quantity, months, amount_cents, fee_cents, currency, payer_name, payer_email,
  reference, locale, provider, provider_ref, status, card_brand, card_last4, attempts, last_outcome, created_at, updated_at, paid_at,
  retain_until, anonymized_at, payer_email_normalized`;

export const paymentStates: Migration = {
  id: '0008-payment-states',
  // SQLite cannot change a CHECK constraint: the table is rebuilt. Dropping `payments` would cascade to
  // its attempts (foreign keys are on and cannot be turned off inside the migration's transaction), so
  // the attempts are set aside and put back.
  sqlite: [
    `CREATE TEMP TABLE attempts_copy AS SELECT * FROM payment_attempts;
    DROP TABLE payment_attempts;
    CREATE TABLE payments_v2 (
      id TEXT PRIMARY KEY,
      idempotency_key TEXT NOT NULL UNIQUE,
      company TEXT NOT NULL,
      service TEXT NOT NULL,
      option TEXT NOT NULL,
      quantity INTEGER NOT NULL,
      months INTEGER NOT NULL,
      amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
      fee_cents INTEGER NOT NULL,
      currency TEXT NOT NULL DEFAULT 'EUR',
      payer_name TEXT NOT NULL,
      payer_email TEXT NOT NULL,
      reference TEXT NOT NULL DEFAULT '',
      locale TEXT NOT NULL,
      provider TEXT NOT NULL,
      provider_ref TEXT,
      status TEXT NOT NULL CHECK (status IN (${STATUSES})),
      card_brand TEXT,
      card_last4 TEXT,
      attempts INTEGER NOT NULL DEFAULT 0,
      last_outcome TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      paid_at TEXT,
      retain_until TEXT,
      anonymized_at TEXT,
      payer_email_normalized TEXT
    );
    INSERT INTO payments_v2 (${COLUMNS}) SELECT ${COLUMNS} FROM payments;
    DROP TABLE payments;
    ALTER TABLE payments_v2 RENAME TO payments;
    ${remap}
    CREATE INDEX payments_company ON payments (company, created_at);
    CREATE INDEX payments_email ON payments (payer_email);
    CREATE INDEX payments_email_normalized ON payments (payer_email_normalized);
    CREATE INDEX payments_retain ON payments (retain_until);
    CREATE INDEX payments_status ON payments (status, updated_at);
    CREATE TABLE payment_attempts (
      id TEXT PRIMARY KEY,
      payment_id TEXT NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
      outcome TEXT NOT NULL,
      card_brand TEXT,
      card_last4 TEXT,
      created_at TEXT NOT NULL
    );
    INSERT INTO payment_attempts SELECT * FROM attempts_copy;
    DROP TABLE attempts_copy;
    CREATE INDEX payment_attempts_payment ON payment_attempts (payment_id, created_at);
    CREATE TABLE payment_notifications (
      event_id TEXT PRIMARY KEY,
      payment_id TEXT NOT NULL,
      status TEXT NOT NULL,
      outcome TEXT NOT NULL,
      received_at TEXT NOT NULL
    );
    CREATE INDEX payment_notifications_payment ON payment_notifications (payment_id);
    CREATE TABLE job_leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, until TEXT NOT NULL);`,
  ],
  postgres: [
    `ALTER TABLE payments DROP CONSTRAINT payments_status_check;
    ${remap}
    ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN (${STATUSES}));
    CREATE INDEX payments_status ON payments (status, updated_at);
    CREATE TABLE payment_notifications (
      event_id text PRIMARY KEY,
      payment_id text NOT NULL,
      status text NOT NULL,
      outcome text NOT NULL,
      received_at timestamptz NOT NULL
    );
    CREATE INDEX payment_notifications_payment ON payment_notifications (payment_id);
    CREATE TABLE job_leases (name text PRIMARY KEY, holder text NOT NULL, until timestamptz NOT NULL);`,
  ],
};
