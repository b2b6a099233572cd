import type { Migration } from './types';

/** One row per counted request of a client (a hash, never the address), kept for the window only. */
export const rateLimit: Migration = {
  id: '0005-rate-limit',
  sqlite: [
    `CREATE TABLE rate_limit_hits (bucket TEXT NOT NULL, client TEXT NOT NULL, at TEXT NOT NULL);
    CREATE INDEX rate_limit_hits_client ON rate_limit_hits (bucket, client, at);`,
  ],
  postgres: [
    `CREATE TABLE rate_limit_hits (bucket text NOT NULL, client text NOT NULL, at timestamptz NOT NULL);
    CREATE INDEX rate_limit_hits_client ON rate_limit_hits (bucket, client, at);`,
  ],
};
