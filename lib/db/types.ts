import { HttpError } from '@/lib/http/errors';

/**
 * The database as the stores see it: async calls, `?` placeholders, rows as plain objects. SQLite (the
 * embedded default) and PostgreSQL (DATABASE_URL) both implement it, so no driver type leaks out.
 *
 * Conventions both implementations keep: timestamps are ISO-8601 UTC strings, JSON columns come back
 * as their text, integers as numbers, binary columns as Buffers.
 */
export type Params = readonly unknown[];

export interface Queries {
  /** Every row of a query. */
  all<T>(sql: string, params?: Params): Promise<T[]>;
  /** The first row, or undefined. */
  get<T>(sql: string, params?: Params): Promise<T | undefined>;
  /** A statement; resolves to the number of rows it changed. */
  run(sql: string, params?: Params): Promise<number>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Transaction extends Queries {
  /**
   * Holds a named lock until the transaction ends, so that two instances never run the same critical
   * step at once (PostgreSQL: an advisory transaction lock; SQLite: writes are already serialized).
   */
  lock(name: string): Promise<void>;
}

export type Dialect = 'sqlite' | 'postgres';

export interface Database extends Queries {
  readonly dialect: Dialect;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Is the database reachable and fully migrated? (the readiness check) */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/** The database could not be reached or refused the work; the visitor is asked to try again. */
export class DatabaseUnavailableError extends HttpError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(503, 'unavailable', message, options);
  }
}
