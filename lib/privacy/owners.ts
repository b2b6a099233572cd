import type { Queries, Transaction } from '@/lib/db';

/**
 * What a domain that keeps personal data gives the privacy jobs (its "data owner"): how it erases
 * one person and applies the retention periods to its own tables, inside the one transaction
 * lib/privacy opens. lib/privacy writes no table itself; lib/personal-data.ts lists every owner, and
 * every path (the server, the operator's CLI, restore's re-erasure) goes through that list.
 */
export type ErasureCounts = { submissions: number; cvs: number; paymentsAnonymized: number; mails: number; emlFiles: number };
export type RetentionCounts = ErasureCounts & { clientHashes: number; rateLimitRows: number };

/**
 * `refs`: the ids of rows erased or expired by the owners listed before this one (submissions,
 * payments), so that the work queued for them (the outbox) goes with them. An owner adds its own.
 */
export type ErasureScope = { email: string; at: string; dryRun: boolean; refs: string[] };
export type RetentionScope = { now: Date; at: string; dryRun: boolean; refs: string[] };
export type Found<C> = { counts: Partial<C>; refs?: string[] };

export interface DataOwner {
  /** The domain folder (lib/<domain>) whose tables these are. */
  readonly domain: string;
  /** Every table it owns (tests/personal-data.test.ts: each table of the migrations has one owner). */
  readonly tables: readonly string[];
  /** Counts, and unless `dryRun` erases, what belongs to `scope.email`, inside the erasure's transaction. */
  erase?(tx: Transaction, scope: ErasureScope): Promise<Found<ErasureCounts>>;
  /** Counts, and unless `dryRun` removes, what is due, inside the retention's transaction. */
  retain?(tx: Transaction, scope: RetentionScope): Promise<Found<RetentionCounts>>;
  /** Work outside the database (files), after the transaction committed. */
  eraseFiles?(scope: ErasureScope): Promise<Partial<ErasureCounts>>;
  retainFiles?(scope: RetentionScope): Promise<Partial<RetentionCounts>>;
  /** The normalized addresses it holds (a restore re-applies the erasure log to them). */
  addresses?(q: Queries): Promise<string[]>;
}

/** `SELECT COUNT(*)` of a `FROM …` clause. */
export const countRows = async (q: Queries, from: string, params: readonly unknown[]) =>
  Number((await q.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${from}`, params))?.n ?? 0);

/** A list of ids as `?` placeholders, in chunks a database takes at once. */
export function inChunks<T>(ids: readonly T[], size = 500): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < ids.length; i += size) chunks.push(ids.slice(i, i + size));
  return chunks;
}
export const placeholders = (ids: readonly unknown[]) => ids.map(() => '?').join(', ');
