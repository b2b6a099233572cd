import { database } from '@/lib/db';
import { isEmail, normalizeEmail } from '@/lib/forms/email';
import { recordErasure } from './erasure-log';
import type { DataOwner, ErasureCounts, ErasureScope } from './owners';

/** What a data-subject request removed (or would remove, `dryRun`) for one email address. */
export type ErasureReport = { email: string } & ErasureCounts;

const add = <C extends Record<string, number>>(into: C, counts: Partial<C>) => {
  for (const [key, n] of Object.entries(counts)) (into as Record<string, number>)[key] = (into[key] ?? 0) + (n ?? 0);
};

/**
 * Answers a data-subject request (GDPR art. 17) for one email address through every domain's own
 * hook (`owners`, lib/personal-data.ts lists them): each deletes or anonymizes what it keeps of that
 * person (submissions with their CV, the payer's data of payments — amounts, dates and companies stay
 * for the accounts —, the queued work for them, copies of mails sent to them), all in one transaction;
 * files after it commits.
 *
 * Addresses are matched as stored, normalized (lib/forms/email.ts): `ΝΙΚΟΣ@…` is `νικος@…`, and
 * `idn@παράδειγμα.gr` is `idn@xn--hxajbheg2az3al.gr`, as a mail's header has it. On SQLite
 * the erased bytes are overwritten (secure_delete, lib/db/sqlite.ts) and the write-ahead log is
 * checkpointed and emptied, so neither the database file nor its log keeps them
 * (PostgreSQL: docs/operations.md).
 */
export async function eraseWith(owners: readonly DataOwner[], address: string, { dryRun = false } = {}): Promise<ErasureReport> {
  // The forms' own check (lib/forms/email.ts): whatever a form took can be erased, nothing else is looked up.
  if (!isEmail(address)) throw new Error(`Not an email address: ${address}`);
  const email = normalizeEmail(address);
  const db = await database();
  const report: ErasureReport = { email, submissions: 0, cvs: 0, paymentsAnonymized: 0, mails: 0, emlFiles: 0 };
  const scope: ErasureScope = { email, at: new Date().toISOString(), dryRun, refs: [] };
  if (!dryRun) await recordErasure(email); // kept outside the backups: a restore re-applies it
  await db.transaction(async (tx) => {
    for (const owner of owners) {
      if (!owner.erase) continue;
      const found = await owner.erase(tx, scope);
      add(report, found.counts);
      scope.refs.push(...(found.refs ?? []));
    }
  });
  // The erased rows' old versions sit in the write-ahead log until a checkpoint copies the (zeroed)
  // pages into the database file; TRUNCATE then empties the log itself.
  if (!dryRun && db.dialect === 'sqlite') await db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  for (const owner of owners) if (owner.eraseFiles) add(report, await owner.eraseFiles(scope));
  return report;
}
