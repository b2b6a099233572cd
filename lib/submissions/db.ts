import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { env } from '@/lib/env';

/**
 * The embedded store: one SQLite file under DATA_DIR for everything visitors send (forms now,
 * payments later). WAL with synchronous=FULL: a committed write survives a crash or power loss, so
 * "stored" really means stored before the visitor is told so.
 */
const MIGRATIONS: string[] = [
  `CREATE TABLE submissions (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('ask-question', 'business-start', 'job-application')),
    idempotency_key TEXT NOT NULL,
    locale TEXT NOT NULL,
    data TEXT NOT NULL,
    attachment TEXT,
    client TEXT NOT NULL,
    created_at TEXT NOT NULL,
    target TEXT,
    delivery TEXT NOT NULL CHECK (delivery IN ('stored', 'pending', 'delivered')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT,
    last_error TEXT,
    delivered_at TEXT,
    locked_until TEXT,
    UNIQUE (kind, idempotency_key)
  );
  CREATE INDEX submissions_outbox ON submissions (delivery, next_attempt_at);
  CREATE INDEX submissions_client ON submissions (kind, client, created_at);`,
  // Payments on company pages (lib/payments). Amounts in euro cents; card data is never stored,
  // only the brand and last four digits of the card that paid or was tried last.
  `CREATE TABLE payments (
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
    status TEXT NOT NULL CHECK (status IN ('processing', 'paid', 'paidExternally', 'fail', 'closed')),
    card_brand TEXT,
    card_last4 TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_outcome TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    paid_at TEXT
  );
  CREATE INDEX payments_company ON payments (company, created_at);`,
];

export function dataDir(): string {
  return path.resolve(env.DATA_DIR);
}

export function uploadsDir(): string {
  return path.join(dataDir(), 'uploads');
}

function open(): Database.Database {
  fs.mkdirSync(uploadsDir(), { recursive: true, mode: 0o700 });
  const db = new Database(path.join(dataDir(), 'billme.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  const version = db.pragma('user_version', { simple: true }) as number;
  for (let v = version; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
  return db;
}

/** One connection per process (shared across Next's bundles through globalThis). */
export function db(): Database.Database {
  const holder = globalThis as { __billmeDb?: Database.Database };
  return (holder.__billmeDb ??= open());
}
