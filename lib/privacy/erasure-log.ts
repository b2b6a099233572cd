import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { database, dataDir } from '@/lib/db';
import { env } from '@/lib/env';
import { normalizeEmail } from '@/lib/forms/email';

/**
 * The erasure log: every `erase --email` as a keyed hash (HMAC-SHA256) of the address and the time,
 * one JSON line each, in a file OUTSIDE the database, so it is in no backup. A restored backup may
 * hold data of people who asked to be erased after it was taken; `npm run restore` re-applies the log
 * (reapplyErasures). The key never leaves this machine, so the log alone names nobody.
 */
export type ErasureEntry = { at: string; hash: string };

export function erasureLogFile(): string {
  return path.resolve(/*turbopackIgnore: true*/ env.ERASURE_LOG_FILE ?? path.join(/*turbopackIgnore: true*/ dataDir(), 'erasure-log.jsonl'));
}

function key(): string {
  if (env.ERASURE_LOG_KEY) return env.ERASURE_LOG_KEY;
  const file = path.join(/*turbopackIgnore: true*/ path.dirname(erasureLogFile()), 'erasure-log.key');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(/*turbopackIgnore: true*/ file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(/*turbopackIgnore: true*/ file, 'utf8').trim();
}

/** The same address however it was typed, compared as everywhere else (lib/forms/email.ts). */
export const erasureHash = (address: string) => createHmac('sha256', key()).update(normalizeEmail(address)).digest('hex');

export function readErasureLog(): ErasureEntry[] {
  const file = erasureLogFile();
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(/*turbopackIgnore: true*/ file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ErasureEntry);
}

/** Appends an erasure (once per address) and syncs it to disk before the erasure itself runs. */
export async function recordErasure(address: string, now = new Date()): Promise<void> {
  const hash = erasureHash(address);
  if (readErasureLog().some((entry) => entry.hash === hash)) return;
  const file = erasureLogFile();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const fd = fs.openSync(/*turbopackIgnore: true*/ file, 'a', 0o600);
  try {
    fs.writeSync(fd, `${JSON.stringify({ at: now.toISOString(), hash } satisfies ErasureEntry)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Re-applies the log to the database (after a restore): every address still in it whose hash is
 * logged is erased again with `erase`. Answers how many addresses were erased.
 */
export async function reapplyErasures(erase: (address: string) => Promise<unknown>): Promise<{ logged: number; erased: string[] }> {
  const logged = new Set(readErasureLog().map((entry) => entry.hash));
  if (logged.size === 0) return { logged: 0, erased: [] };
  const db = await database();
  const addresses = await db.all<{ email: string }>(
    `SELECT DISTINCT email FROM submissions WHERE email IS NOT NULL UNION SELECT DISTINCT payer_email_normalized AS email FROM payments WHERE payer_email_normalized <> ''`,
  );
  const erased = [...new Set(addresses.map((row) => normalizeEmail(row.email)))].filter((email) => logged.has(erasureHash(email)));
  for (const email of erased) await erase(email);
  return { logged: logged.size, erased };
}
