import type { Transaction } from '../types';

/** One step of a migration: SQL (several statements allowed) or code that moves data. */
export type Step = string | ((tx: Transaction) => Promise<void>);

/**
 * A schema change, with its steps for each database. Migrations run in the order of
 * lib/db/migrations/index.ts, each once, in one transaction, recorded in `schema_migrations`.
 */
export type Migration = { id: string; sqlite: Step[]; postgres: Step[] };
