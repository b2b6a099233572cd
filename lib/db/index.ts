import path from 'node:path';
import { env } from '@/lib/env';
import { processValue } from '@/lib/handoff.ts';
import { migrate } from './migrate';
import { openPostgres } from './postgres';
import * as snapshot from './snapshot';
import { openSqlite } from './sqlite';
import type { Database } from './types';

export type { Database, Queries, Transaction } from './types';
export { DatabaseUnavailableError } from './types';
export { migrated } from './migrate';
export { privateDir, privateFile } from './private-files';

/** Where the embedded default keeps its SQLite file and the .eml copies of mails. */
export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR);
}

/**
 * Where each mail is written as an .eml file when no SMTP server is set (lib/mail writes them,
 * lib/privacy expires and erases them): here, beside the database, so neither imports the other.
 */
export function mailDir(): string {
  return path.join(/*turbopackIgnore: true*/ dataDir(), 'mail');
}

function open(): Database {
  return env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL, env.DATABASE_POOL_SIZE)
    : openSqlite(path.join(/*turbopackIgnore: true*/ dataDir(), 'billme.sqlite'));
}

/** The process's one database (lib/handoff.ts: the proxy, the pages and the route handlers are separate bundles). */
const holder = processValue('database', () => ({ current: undefined as Promise<Database> | undefined }));

/**
 * The process's database, opened and migrated on first use: PostgreSQL when DATABASE_URL is set,
 * else SQLite under DATA_DIR. One per process. If opening or migrating fails (PostgreSQL down at
 * start), the next call tries again.
 */
export function database(): Promise<Database> {
  if (!holder.current) {
    const opening = (holder.current = (async () => {
      const db = open();
      try {
        await migrate(db);
        return db;
      } catch (error) {
        await db.close().catch(() => undefined);
        throw error;
      }
    })());
    opening.catch(() => {
      if (holder.current === opening) holder.current = undefined;
    });
  }
  return holder.current;
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
  const current = holder.current;
  holder.current = undefined;
  if (current) await (await current.catch(() => null))?.close();
}

/** Is the database reachable and migrated, within two seconds (readiness)? */
export const databaseReady = () => snapshot.databaseReady(database);
/** The age of the oldest waiting outbox row, in seconds (0 when none waits; null if unknown). */
export const outboxOldestAgeSeconds = () => snapshot.outboxOldestAgeSeconds(database);
/** One reading of every database gauge the metrics show (lib/observability), taken at scrape time. */
export const readDatabaseSnapshot = (now?: Date) => snapshot.readDatabaseSnapshot(database, now);
