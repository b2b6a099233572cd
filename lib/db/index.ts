import path from 'node:path';
import { env } from '@/lib/env';
import { migrate } from './migrate';
import { openPostgres } from './postgres';
import { openSqlite } from './sqlite';
import type { Database } from './types';

export type { Database, Queries, Transaction } from './types';
export { DatabaseUnavailableError } from './types';
export { migrated } from './migrate';

/** Where the embedded default keeps its SQLite file (and nothing else). */
export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR);
}

function open(): Database {
  return env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL, env.DATABASE_POOL_SIZE)
    : openSqlite(path.join(/*turbopackIgnore: true*/ dataDir(), 'billme.sqlite'));
}

type Holder = { __billmeDb?: Promise<Database> };

/**
 * The process's database, opened and migrated on first use: PostgreSQL when DATABASE_URL is set,
 * else SQLite under DATA_DIR. One per process (on globalThis: the proxy, the pages and the route
 * handlers are separate bundles of one process). If opening or migrating fails (PostgreSQL down at
 * start), the next call tries again.
 */
export function database(): Promise<Database> {
  const holder = globalThis as Holder;
  if (!holder.__billmeDb) {
    holder.__billmeDb = (async () => {
      const db = open();
      try {
        await migrate(db);
        return db;
      } catch (error) {
        await db.close().catch(() => undefined);
        throw error;
      }
    })();
    holder.__billmeDb.catch(() => {
      holder.__billmeDb = undefined;
    });
  }
  return holder.__billmeDb;
}

/** `npm run migrate`: opens the configured database, applies what is missing, and says what it did. */
export async function migrateNow(): Promise<string[]> {
  const db = open();
  try {
    return await migrate(db);
  } finally {
    await db.close();
  }
}

/** Closes the process's database (tests, the CLI, shutdown). */
export async function closeDatabase(): Promise<void> {
  const holder = globalThis as Holder;
  const current = holder.__billmeDb;
  holder.__billmeDb = undefined;
  if (current) await (await current.catch(() => null))?.close();
}
