import pg from 'pg';
import { DatabaseUnavailableError, type Database, type Params, type Queries, type Transaction } from './types';
import { logger } from '@/lib/observability/logger.ts';

/** Our `?` placeholders as PostgreSQL's `$1, $2, ...` (no `?` appears inside our SQL's literals). */
export function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

const TIMESTAMPTZ = 1184;
const TIMESTAMP = 1114;
const JSON_OID = 114;
const JSONB = 3802;
const INT8 = 20;

/** Rows in the shape SQLite gives: ISO strings for times, JSON as text, counts as numbers. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === TIMESTAMPTZ || oid === TIMESTAMP) {
      const parse = pg.types.getTypeParser(oid, 'text') as (value: string) => Date;
      return (value: string) => parse(value).toISOString();
    }
    if (oid === JSON_OID || oid === JSONB) return (value: string) => value;
    if (oid === INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format ?? 'text');
  },
};

/** Connection-level failures: the server is down, restarting, or cannot be reached in time. */
function isUnavailable(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  const message = error instanceof Error ? error.message : '';
  return (
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|57P0[1-3]|08\w{3}|53300)$/.test(code) ||
    /timeout|terminat|Connection|connect/i.test(message)
  );
}

function guard<T>(promise: Promise<T>): Promise<T> {
  return promise.catch((error: unknown) => {
    if (isUnavailable(error)) throw new DatabaseUnavailableError(`PostgreSQL unavailable: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    throw error;
  });
}

type Client = Pick<pg.PoolClient, 'query'>;

function queries(client: Client): Queries {
  const query = async <T>(sql: string, params: Params = []) =>
    (await guard(client.query({ text: numbered(sql), values: params as unknown[], types }))) as pg.QueryResult & { rows: T[] };
  return {
    async all<T>(sql: string, params?: Params) {
      return (await query<T>(sql, params)).rows;
    },
    async get<T>(sql: string, params?: Params) {
      return (await query<T>(sql, params)).rows[0];
    },
    async run(sql: string, params?: Params) {
      return (await query(sql, params)).rowCount ?? 0;
    },
    async exec(sql: string) {
      await guard(client.query(sql));
    },
  };
}

/**
 * PostgreSQL (DATABASE_URL): a small pool per instance (DATABASE_POOL_SIZE; instances × pool must stay
 * under the server's max_connections). A connection that cannot be made within a few seconds fails the
 * request with DatabaseUnavailableError instead of holding the visitor.
 */
export function openPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 10_000,
    query_timeout: 15_000,
    application_name: 'billme-website',
  });
  // A connection that dies while idle (the server restarts) must not crash the process.
  pool.on('error', (error) => logger('db').error({ event: 'db.connection_lost', err: error }, 'idle PostgreSQL connection lost'));
  const direct = queries(pool);

  return {
    dialect: 'postgres',
    ...direct,
    async transaction<T>(work: (tx: Transaction) => Promise<T>) {
      const client = await guard(pool.connect());
      const tx = queries(client);
      try {
        await tx.exec('BEGIN');
        const result = await work({
          ...tx,
          lock: async (name) => void (await tx.run('SELECT pg_advisory_xact_lock(hashtext(?))', [name])),
        });
        await tx.exec('COMMIT');
        client.release();
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        // A connection that failed is not given back to the pool.
        client.release(isUnavailable(error) ? (error as Error) : undefined);
        throw error;
      }
    },
    async ready() {
      try {
        await direct.get('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await pool.end();
    },
  };
}
