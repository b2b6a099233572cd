import type { Migration } from './types';

/** Submissions of the three forms. CVs live in the database too, so every instance can read them. */

/** The first version (SQLite only): delivery state and CV paths on the row itself. */
export const submissionsLegacy: Migration = {
  id: '0001-submissions',
  sqlite: [
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
  ],
  postgres: [],
};

const outboxSqlite = `CREATE TABLE outbox (
    id TEXT PRIMARY KEY,
    topic TEXT NOT NULL,
    ref TEXT NOT NULL,
    payload TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    locked_until TEXT,
    last_error TEXT,
    created_at TEXT NOT NULL,
    sent_at TEXT
  );
  CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
  CREATE INDEX outbox_ref ON outbox (ref);`;

/**
 * The current shape: the submission alone; CVs in `attachments`; delivery to the remote API as an
 * `outbox` row (topic `submission`), shared with mail. SQLite converts the first version's table (its
 * rows never carried a CV here: the first versions' files under DATA_DIR/uploads are no longer read).
 */
export const submissions: Migration = {
  id: '0003-submissions-outbox-attachments',
  sqlite: [
    `CREATE TABLE submissions_v2 (
      id TEXT PRIMARY KEY,
      kind TEXT NOT NULL CHECK (kind IN ('ask-question', 'business-start', 'job-application')),
      idempotency_key TEXT NOT NULL,
      locale TEXT NOT NULL,
      data TEXT NOT NULL,
      client TEXT,
      created_at TEXT NOT NULL,
      UNIQUE (kind, idempotency_key)
    );
    INSERT INTO submissions_v2 (id, kind, idempotency_key, locale, data, client, created_at)
      SELECT id, kind, idempotency_key, locale, data, client, created_at FROM submissions;
    CREATE TABLE attachments (
      submission_id TEXT PRIMARY KEY REFERENCES submissions_v2 (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      type TEXT NOT NULL,
      size INTEGER NOT NULL,
      bytes BLOB NOT NULL
    );
    ${outboxSqlite}
    INSERT INTO outbox (id, topic, ref, payload, state, attempts, next_attempt_at, last_error, created_at, sent_at)
      SELECT id, 'submission', id, json_object('target', target), CASE delivery WHEN 'delivered' THEN 'sent' ELSE 'pending' END,
        attempts, COALESCE(next_attempt_at, created_at), last_error, created_at, delivered_at
      FROM submissions WHERE target IS NOT NULL;`,
    `DROP TABLE submissions;
    ALTER TABLE submissions_v2 RENAME TO submissions;
    CREATE INDEX submissions_created ON submissions (created_at);`,
  ],
  postgres: [
    `CREATE TABLE submissions (
      id text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('ask-question', 'business-start', 'job-application')),
      idempotency_key text NOT NULL,
      locale text NOT NULL,
      data jsonb NOT NULL,
      client text,
      created_at timestamptz NOT NULL,
      UNIQUE (kind, idempotency_key)
    );
    CREATE INDEX submissions_created ON submissions (created_at);
    CREATE TABLE attachments (
      submission_id text PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
      name text NOT NULL,
      type text NOT NULL,
      size integer NOT NULL CHECK (size <= 5242880),
      bytes bytea NOT NULL
    );
    CREATE TABLE outbox (
      id text PRIMARY KEY,
      topic text NOT NULL,
      ref text NOT NULL,
      payload jsonb NOT NULL,
      state text NOT NULL CHECK (state IN ('pending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL,
      locked_until timestamptz,
      last_error text,
      created_at timestamptz NOT NULL,
      sent_at timestamptz
    );
    CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
    CREATE INDEX outbox_ref ON outbox (ref);`,
  ],
};
