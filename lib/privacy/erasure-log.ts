import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { domainToUnicode } from 'node:url';
import { database, dataDir, privateDir, privateFile } from '@/lib/db';
import { env } from '@/lib/env';
import { normalizeEmail } from '@/lib/forms/email';
import type { DataOwner } from './owners';

/**
 * The erasure log: every `erase --email` as a keyed hash (HMAC-SHA256) of the address and the time,
 * one JSON line each, in a file OUTSIDE the database, so it is in no backup. A restored backup may
 * hold data of people who asked to be erased after it was taken; `npm run restore` re-applies the log
 * (reapplyErasures). The key never leaves this machine, so the log alone names nobody.
 *
 * The log and its key are made together at the site's first start (ensureErasureLog), so a missing
 * file means a lost log, never "no erasure yet"; each entry carries a check value of its key, so a
 * log read with another key is seen as such. A restore refuses to run on a lost or mismatched log
 * (erasureLogProblems), and `npm run backup` warns about the same (docs/operations.md).
 */
export type ErasureEntry = { at: string; hash: string; key?: string };

export function erasureLogFile(): string {
  return path.resolve(/*turbopackIgnore: true*/ env.ERASURE_LOG_FILE ?? path.join(/*turbopackIgnore: true*/ dataDir(), 'erasure-log.jsonl'));
}

/** The key's file, beside the log (unless ERASURE_LOG_KEY gives the key). */
export function erasureKeyFile(): string {
  return path.join(/*turbopackIgnore: true*/ path.dirname(erasureLogFile()), 'erasure-log.key');
}

function storedKey(): string | null {
  if (env.ERASURE_LOG_KEY) return env.ERASURE_LOG_KEY;
  const file = erasureKeyFile();
  return fs.existsSync(/*turbopackIgnore: true*/ file) ? fs.readFileSync(/*turbopackIgnore: true*/ file, 'utf8').trim() || null : null;
}

/** A short value that tells which key an entry was hashed with, and nothing about the key. */
const keyCheck = (key: string) => createHmac('sha256', key).update('billme-erasure-log-key-check').digest('hex').slice(0, 16);

/**
 * The log's key. Made (0600, beside the log) only while the log has no entry: a new key for a log
 * that has entries would silently make every one of them unmatchable.
 */
function key(): string {
  const existing = storedKey();
  if (existing) return existing;
  if (readErasureLog().length > 0) {
    throw new Error(`The erasure log ${erasureLogFile()} has entries but its key is missing (ERASURE_LOG_KEY or ${erasureKeyFile()}): restore the key from its backup (docs/operations.md)`);
  }
  const file = erasureKeyFile();
  privateDir(path.dirname(file));
  try {
    fs.writeFileSync(/*turbopackIgnore: true*/ file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    fs.chmodSync(/*turbopackIgnore: true*/ file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(/*turbopackIgnore: true*/ file, 'utf8').trim();
}

/** Makes the log (empty) and its key if neither exists yet: at the site's start. Throws as key() does. */
export function ensureErasureLog(): void {
  key();
  const file = erasureLogFile();
  privateDir(path.dirname(file));
  privateFile(file);
}

const hmac = (text: string) => createHmac('sha256', key()).update(text).digest('hex');
/** The same address however it was typed, compared as everywhere else (lib/forms/email.ts). */
export const erasureHash = (address: string) => hmac(normalizeEmail(address));
/**
 * The hash an entry logged before issue 40 has: then the domain was kept in Unicode
 * (`idn@παράδειγμα.gr`), now in its ASCII form, so an old entry of an IDN address still matches.
 */
const legacyErasureHash = (normalized: string) => {
  const at = normalized.lastIndexOf('@');
  return at < 1 ? null : hmac(`${normalized.slice(0, at)}@${domainToUnicode(normalized.slice(at + 1))}`);
};

export function readErasureLog(): ErasureEntry[] {
  const file = erasureLogFile();
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(/*turbopackIgnore: true*/ file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ErasureEntry);
}

/**
 * What would make a restore bring erased people back: the log missing, its key missing, or entries
 * hashed with another key than the one found. Empty when the log can be re-applied.
 */
export function erasureLogProblems(): string[] {
  const file = erasureLogFile();
  const problems: string[] = [];
  if (!fs.existsSync(/*turbopackIgnore: true*/ file)) problems.push(`no erasure log at ${file} (ERASURE_LOG_FILE)`);
  const found = storedKey();
  if (!found) problems.push(`no key of the erasure log: ERASURE_LOG_KEY is not set and ${erasureKeyFile()} does not exist`);
  else {
    const check = keyCheck(found);
    const other = readErasureLog().filter((entry) => entry.key !== undefined && entry.key !== check).length;
    if (other > 0) problems.push(`${other} entr${other === 1 ? 'y' : 'ies'} of the erasure log ${file} were hashed with another key than ${env.ERASURE_LOG_KEY ? 'ERASURE_LOG_KEY' : erasureKeyFile()}`);
  }
  return problems;
}

/** Appends an erasure (once per address) and syncs it to disk before the erasure itself runs. */
export async function recordErasure(address: string, now = new Date()): Promise<void> {
  const hash = erasureHash(address);
  if (readErasureLog().some((entry) => entry.hash === hash)) return;
  const file = erasureLogFile();
  privateDir(path.dirname(file));
  privateFile(file);
  const fd = fs.openSync(/*turbopackIgnore: true*/ file, 'a', 0o600);
  try {
    fs.writeSync(fd, `${JSON.stringify({ at: now.toISOString(), hash, key: keyCheck(key()) } satisfies ErasureEntry)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Re-applies the log to the database (after a restore): every address a domain still holds
 * (`owners`' own queries, lib/personal-data.ts) whose hash is logged is erased again with `erase`.
 * Answers how many addresses were erased.
 */
export async function reapplyErasures(owners: readonly DataOwner[], erase: (address: string) => Promise<unknown>): Promise<{ logged: number; erased: string[] }> {
  const logged = new Set(readErasureLog().map((entry) => entry.hash));
  if (logged.size === 0) return { logged: 0, erased: [] };
  const db = await database();
  const addresses: string[] = [];
  for (const owner of owners) if (owner.addresses) addresses.push(...(await owner.addresses(db)));
  const erased = [...new Set(addresses.map((email) => normalizeEmail(email)))].filter(
    (email) => logged.has(erasureHash(email)) || logged.has(legacyErasureHash(email) ?? ''),
  );
  for (const email of erased) await erase(email);
  return { logged: logged.size, erased };
}
