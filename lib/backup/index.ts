import BetterSqlite from 'better-sqlite3';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import { closeDatabase, database, dataDir, privateDir, privateFile } from '@/lib/db';
import { env } from '@/lib/env';
import { reapplyErasures } from '@/lib/personal-data';
import { erasureLogProblems } from '@/lib/privacy';

/**
 * Backups of the site's database while it runs, and their restore into an empty database.
 * - SQLite (embedded default): SQLite's online backup API (better-sqlite3's `backup`) takes a consistent
 *   copy from a second connection while the site writes, gzipped: `billme-sqlite-<time>.sqlite.gz`.
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom` (compressed, one consistent snapshot):
 *   `billme-postgres-<time>.dump`.
 * Each is written under a temporary name, synced, then renamed, so a backup file is whole or absent.
 * Backups older than BACKUP_KEEP_DAYS are deleted after each new one. Every file, the temporary ones
 * too, is 0600 from its creation in a BACKUP_DIR made 0700 (lib/db/private-files.ts).
 *
 * The erasure log and its key are in no backup, on purpose (lib/privacy/erasure-log.ts); they have a
 * backup of their own (docs/operations.md). A backup warns when they are not where a restore will look,
 * and a restore refuses to run without them unless told that erased people may come back.
 */
const run = promisify(execFile);
const NAME = /^billme-(sqlite|postgres)-(\d{8}T\d{6}Z)(?:-\d+)?\.(sqlite\.gz|dump)$/;

export const backupDir = () => path.resolve(/*turbopackIgnore: true*/ env.BACKUP_DIR);
const sqliteFile = () => path.join(/*turbopackIgnore: true*/ dataDir(), 'billme.sqlite');
const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

function syncFile(file: string) {
  const fd = fs.openSync(/*turbopackIgnore: true*/ file, 'r');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
}

/** `warnings`: what would make a restore of this backup fail or bring erased people back (the erasure log). */
export type BackupResult = { file: string; bytes: number; deleted: string[]; warnings: string[] };

export async function backupNow(now = new Date()): Promise<BackupResult> {
  const dir = backupDir();
  privateDir(dir);
  const dialect = env.DATABASE_URL ? 'postgres' : 'sqlite';
  // Named by the second; a second backup within the same second gets `-2`, `-3`, ... (never over the first).
  const name = (n: number) => path.join(/*turbopackIgnore: true*/ dir, `billme-${dialect}-${stamp(now)}${n > 1 ? `-${n}` : ''}.${dialect === 'postgres' ? 'dump' : 'sqlite.gz'}`);
  // Its partial file is created exclusively: two backups started at once still get two names.
  const claim = (file: string): boolean => {
    if (fs.existsSync(/*turbopackIgnore: true*/ file)) return false;
    try {
      fs.closeSync(fs.openSync(/*turbopackIgnore: true*/ `${file}.partial`, 'wx', 0o600));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  };
  let n = 1;
  while (!claim(name(n))) n++;
  const file = name(n);
  const partial = `${file}.partial`;
  try {
    privateFile(partial);
    if (env.DATABASE_URL) {
      await run('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${env.DATABASE_URL}`]);
    } else {
      await database(); // migrated, so the copy has the current schema
      const copy = `${partial}.sqlite`;
      privateFile(copy); // an empty file is an empty database: the backup API fills it, keeping its mode
      const source = new BetterSqlite(sqliteFile(), { readonly: true, fileMustExist: true });
      try {
        // All pages in one step: one read snapshot, never restarted by the site's writes in between.
        await source.backup(copy, { progress: ({ remainingPages }) => Math.max(remainingPages, 1) });
      } finally {
        source.close();
      }
      await pipeline(fs.createReadStream(copy), zlib.createGzip({ level: 6 }), fs.createWriteStream(partial, { mode: 0o600 }));
      fs.rmSync(copy, { force: true });
    }
    fs.chmodSync(partial, 0o600);
    syncFile(partial);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return { file, bytes: fs.statSync(file).size, deleted: pruneBackups(now), warnings: erasureLogProblems() };
}

/** Deletes this site's backups older than BACKUP_KEEP_DAYS (by the time in their name). */
export function pruneBackups(now = new Date()): string[] {
  const before = now.getTime() - env.BACKUP_KEEP_DAYS * 86_400_000;
  const dir = backupDir();
  const old = fs.readdirSync(dir).filter((name) => {
    const match = NAME.exec(name);
    if (!match) return false;
    const t = match[2]!;
    return Date.parse(`${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 11)}:${t.slice(11, 13)}:${t.slice(13)}`) < before;
  });
  for (const name of old) fs.rmSync(path.join(/*turbopackIgnore: true*/ dir, name));
  return old;
}

async function isEmptyPostgres(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = 'public'`);
    return Number(rows[0]!.n) === 0;
  } finally {
    await client.end();
  }
}

export type RestoreResult = { into: string; erasuresLogged: number; erasuresReapplied: number; erasureLogProblems: string[] };

/** The restore's flag that accepts restoring without a usable erasure log, and says what that means. */
export const ERASED_MAY_RETURN_FLAG = '--erased-people-may-return';

/**
 * Loads a backup into the configured database, which must be empty (a restore never merges into live
 * data), migrates it to the current schema, then re-applies the erasure log: erasures made after the
 * backup are made again. Without the log, its key, or with a key that does not match the log, it
 * refuses before touching anything, unless `erasedMayReturn` (then the log is not re-applied, and
 * nothing is created in its place: no new key).
 */
export async function restoreFrom(file: string, { erasedMayReturn = false } = {}): Promise<RestoreResult> {
  if (!fs.existsSync(file)) throw new Error(`No such backup: ${file}`);
  const problems = erasureLogProblems();
  if (problems.length > 0 && !erasedMayReturn) {
    throw new Error(
      `the erasure log cannot be re-applied, so people erased after this backup was taken would come back:\n` +
        problems.map((problem) => `  - ${problem}\n`).join('') +
        `Put the erasure log and its key where the site keeps them (their backup: docs/operations.md, "The erasure log"), ` +
        `or, only if they are lost for good, pass ${ERASED_MAY_RETURN_FLAG} to restore without them.`,
    );
  }
  let into: string;
  if (env.DATABASE_URL) {
    if (!file.endsWith('.dump')) throw new Error('With DATABASE_URL, restore a PostgreSQL backup (.dump)');
    if (!(await isEmptyPostgres(env.DATABASE_URL))) throw new Error('The database of DATABASE_URL is not empty; restore into a new, empty database');
    await run('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${env.DATABASE_URL}`, file]);
    into = new URL(env.DATABASE_URL).pathname.slice(1);
  } else {
    if (!file.endsWith('.sqlite.gz')) throw new Error('Without DATABASE_URL, restore an SQLite backup (.sqlite.gz)');
    into = sqliteFile();
    if (fs.existsSync(into) && fs.statSync(into).size > 0) throw new Error(`${into} exists; move it away to restore into an empty DATA_DIR`);
    privateDir(path.dirname(into));
    const partial = `${into}.restoring`;
    privateFile(partial);
    await pipeline(fs.createReadStream(file), zlib.createGunzip(), fs.createWriteStream(partial, { mode: 0o600 }));
    syncFile(partial);
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${into}${suffix}`, { force: true });
    fs.renameSync(partial, into);
  }
  await closeDatabase();
  await database(); // migrations of versions newer than the backup
  if (problems.length > 0) return { into, erasuresLogged: 0, erasuresReapplied: 0, erasureLogProblems: problems };
  const { logged, erased } = await reapplyErasures();
  return { into, erasuresLogged: logged, erasuresReapplied: erased.length, erasureLogProblems: [] };
}
