import BetterSqlite from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { privateDir, privateFile } from './private-files';
import type { Database, Params, Queries, Transaction } from './types';

type Statement = BetterSqlite.Statement<unknown[], unknown>;
/** better-sqlite3 binds no `undefined` and no booleans. */
const bindable = (params: Params) => params.map((v) => (v === undefined ? null : typeof v === 'boolean' ? Number(v) : v));

/**
 * The embedded database: one SQLite file (WAL, synchronous=FULL, so a committed write survives a crash
 * or power loss; secure_delete, so deleted data does not stay in it). better-sqlite3 is synchronous; a
 * queue keeps a transaction's statements together while it awaits, so nothing of another request runs
 * inside it.
 */
export function openSqlite(file: string): Database {
  // 0600 in a 0700 directory before SQLite writes a byte (it would create the file with the umask's
  // 0644; its -wal and -shm files take the database file's mode, older ones are set here too).
  privateDir(path.dirname(file));
  privateFile(file);
  // The path is the caller's (DATA_DIR): the ignore comments keep Turbopack from tracing the whole project.
  for (const suffix of ['-wal', '-shm']) {
    const companion = `${file}${suffix}`;
    if (fs.existsSync(/* turbopackIgnore: true */ companion)) fs.chmodSync(/* turbopackIgnore: true */ companion, 0o600);
  }
  const connection = new BetterSqlite(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = FULL');
  connection.pragma('busy_timeout = 5000');
  connection.pragma('foreign_keys = ON');
  // Deleted rows' bytes are overwritten with zeros, not left in free pages: an erased CV or name must
  // not stay readable in the file (lib/privacy/erase.ts also checkpoints the log after an erase).
  connection.pragma('secure_delete = ON');

  const statements = new Map<string, Statement>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = connection.prepare(sql)));
    return statement;
  };
  const direct: Queries = {
    async all<T>(sql: string, params: Params = []) {
      return prepare(sql).all(...bindable(params)) as T[];
    },
    async get<T>(sql: string, params: Params = []) {
      const statement = prepare(sql);
      return (statement.reader ? statement.get(...bindable(params)) : (statement.run(...bindable(params)), undefined)) as T | undefined;
    },
    async run(sql: string, params: Params = []) {
      return prepare(sql).run(...bindable(params)).changes;
    },
    async exec(sql: string) {
      connection.exec(sql);
    },
  };

  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work);
    queue = result.catch(() => undefined);
    return result;
  };

  return {
    dialect: 'sqlite',
    all: (sql, params) => serialized(() => direct.all(sql, params)),
    get: (sql, params) => serialized(() => direct.get(sql, params)),
    run: (sql, params) => serialized(() => direct.run(sql, params)),
    exec: (sql) => serialized(() => direct.exec(sql)),
    transaction<T>(work: (tx: Transaction) => Promise<T>) {
      return serialized(async () => {
        // IMMEDIATE takes the write lock at once: other processes on the same file wait (busy_timeout).
        connection.exec('BEGIN IMMEDIATE');
        try {
          const result = await work({ ...direct, lock: async () => undefined });
          connection.exec('COMMIT');
          return result;
        } catch (error) {
          if (connection.inTransaction) connection.exec('ROLLBACK');
          throw error;
        }
      });
    },
    async ready() {
      return connection.open;
    },
    async close() {
      await serialized(async () => connection.close());
    },
  };
}
