import type { Migration } from './types';

/**
 * The test payment provider's own table (lib/payments/test-provider): its checkout sessions, as a real
 * provider keeps them on its side. The site's tables never learn a card number; this one holds the
 * brand and last four digits only, like the payment row.
 */
export const testProviderSessions: Migration = {
  id: '0011-test-provider-sessions',
  sqlite: [
    `CREATE TABLE test_provider_sessions (
      id TEXT PRIMARY KEY,
      payment_id TEXT NOT NULL,
      amount_cents INTEGER NOT NULL,
      currency TEXT NOT NULL,
      company TEXT NOT NULL,
      company_label TEXT NOT NULL,
      description TEXT NOT NULL,
      return_url TEXT NOT NULL,
      locale TEXT NOT NULL,
      status TEXT NOT NULL,
      card_brand TEXT,
      card_last4 TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX test_provider_sessions_payment ON test_provider_sessions (payment_id);`,
  ],
  postgres: [
    `CREATE TABLE test_provider_sessions (
      id text PRIMARY KEY,
      payment_id text NOT NULL,
      amount_cents integer NOT NULL,
      currency text NOT NULL,
      company text NOT NULL,
      company_label text NOT NULL,
      description text NOT NULL,
      return_url text NOT NULL,
      locale text NOT NULL,
      status text NOT NULL,
      card_brand text,
      card_last4 text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX test_provider_sessions_payment ON test_provider_sessions (payment_id);`,
  ],
};
