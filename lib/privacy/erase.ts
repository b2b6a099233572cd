import fs from 'node:fs';
import path from 'node:path';
import { database, mailDir } from '@/lib/db';
import { isEmail, normalizeEmail } from '@/lib/forms/email';
import { mailAddresses } from './eml';
import { recordErasure } from './erasure-log';

/** What a data-subject request removed (or would remove, `dryRun`) for one email address. */
export type ErasureReport = { email: string; submissions: number; cvs: number; paymentsAnonymized: number; mails: number; emlFiles: number };

/**
 * Answers a data-subject request (GDPR art. 17) for one email address: deletes every submission sent
 * from it with its CV and mails, removes the payer's name, email and reference from their payments
 * (the amounts, dates and companies stay for the accounts), and deletes copies of mails sent to it.
 *
 * Addresses are matched as stored, normalized (lib/forms/email.ts): `ΝΙΚΟΣ@…` is `νικος@…`, and
 * `idn@παράδειγμα.gr` is `idn@xn--hxajbheg2az3al.gr`, as a mail's header has it. On SQLite
 * the erased bytes are overwritten (secure_delete, lib/db/sqlite.ts) and the write-ahead log is
 * checkpointed and emptied, so neither the database file nor its log keeps them
 * (PostgreSQL: docs/operations.md).
 */
export async function eraseEmail(address: string, { dryRun = false } = {}): Promise<ErasureReport> {
  // The forms' own check (lib/forms/email.ts): whatever a form took can be erased, nothing else is looked up.
  if (!isEmail(address)) throw new Error(`Not an email address: ${address}`);
  const email = normalizeEmail(address);
  const db = await database();
  const submissions = 'SELECT id FROM submissions WHERE email = ?';
  const payments = 'SELECT id FROM payments WHERE payer_email_normalized = ?';
  const count = async (sql: string, params: unknown[]) => Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${sql}`, params))?.n ?? 0);

  const report: ErasureReport = {
    email,
    submissions: await count('submissions WHERE email = ?', [email]),
    cvs: await count(`attachments WHERE submission_id IN (${submissions})`, [email]),
    paymentsAnonymized: await count('payments WHERE payer_email_normalized = ?', [email]),
    mails: await count(`outbox WHERE ref IN (${submissions}) OR (topic = 'mail' AND ref IN (${payments}))`, [email, email]),
    emlFiles: 0,
  };
  if (!dryRun) await recordErasure(email); // kept outside the backups: a restore re-applies it
  if (!dryRun) {
    await db.transaction(async (tx) => {
      await tx.run(`DELETE FROM outbox WHERE ref IN (${submissions}) OR (topic = 'mail' AND ref IN (${payments}))`, [email, email]);
      await tx.run(`DELETE FROM attachments WHERE submission_id IN (${submissions})`, [email]);
      await tx.run('DELETE FROM submissions WHERE email = ?', [email]);
      await tx.run(
        `UPDATE payments SET payer_name = '', payer_email = '', payer_email_normalized = '', reference = '', anonymized_at = ? WHERE payer_email_normalized = ?`,
        [new Date().toISOString(), email],
      );
    });
    // The erased rows' old versions sit in the write-ahead log until a checkpoint copies the (zeroed)
    // pages into the database file; TRUNCATE then empties the log itself.
    if (db.dialect === 'sqlite') await db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  }
  // Copies the embedded default wrote as files: those addressed to it, or whose Reply-To is it (the
  // team's notice of its submission). Matched on the parsed addresses, never on a substring.
  const dir = mailDir();
  const files = fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((name) => {
        if (!name.endsWith('.eml')) return false;
        const text = fs.readFileSync(/*turbopackIgnore: true*/ path.join(/*turbopackIgnore: true*/ dir, name), 'utf8');
        return mailAddresses(text, ['to', 'cc', 'bcc', 'reply-to']).some((found) => normalizeEmail(found) === email);
      })
    : [];
  if (!dryRun) for (const name of files) fs.rmSync(/*turbopackIgnore: true*/ path.join(/*turbopackIgnore: true*/ dir, name), { force: true });
  return { ...report, emlFiles: files.length };
}
