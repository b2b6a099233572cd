import fs from 'node:fs';
import path from 'node:path';
import { database } from '@/lib/db';
import { mailDir } from '@/lib/mail/transport';
import { recordErasure } from './erasure-log';

/** What a data-subject request removed (or would remove, `dryRun`) for one email address. */
export type ErasureReport = { email: string; submissions: number; cvs: number; paymentsAnonymized: number; mails: number; emlFiles: number };

/**
 * Answers a data-subject request (GDPR art. 17) for one email address: deletes every submission sent
 * from it with its CV and mails, removes the payer's name, email and reference from their payments
 * (the amounts, dates and companies stay for the accounts), and deletes copies of mails sent to it.
 */
export async function eraseEmail(address: string, { dryRun = false } = {}): Promise<ErasureReport> {
  const email = address.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error(`Not an email address: ${address}`);
  const db = await database();
  const submissions = 'SELECT id FROM submissions WHERE email = ?';
  const payments = 'SELECT id FROM payments WHERE lower(payer_email) = ?';
  const count = async (sql: string, params: unknown[]) => Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${sql}`, params))?.n ?? 0);

  const report: ErasureReport = {
    email,
    submissions: await count('submissions WHERE email = ?', [email]),
    cvs: await count(`attachments WHERE submission_id IN (${submissions})`, [email]),
    paymentsAnonymized: await count('payments WHERE lower(payer_email) = ?', [email]),
    mails: await count(`outbox WHERE ref IN (${submissions}) OR (topic = 'mail' AND ref IN (${payments}))`, [email, email]),
    emlFiles: 0,
  };
  if (!dryRun) await recordErasure(email); // kept outside the backups: a restore re-applies it
  if (!dryRun) {
    await db.transaction(async (tx) => {
      await tx.run(`DELETE FROM outbox WHERE ref IN (${submissions}) OR (topic = 'mail' AND ref IN (${payments}))`, [email, email]);
      await tx.run(`DELETE FROM attachments WHERE submission_id IN (${submissions})`, [email]);
      await tx.run('DELETE FROM submissions WHERE email = ?', [email]);
      await tx.run(`UPDATE payments SET payer_name = '', payer_email = '', reference = '', anonymized_at = ? WHERE lower(payer_email) = ?`, [new Date().toISOString(), email]);
    });
  }
  // Copies the embedded default wrote as files.
  const dir = mailDir();
  const files = fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((name) => name.endsWith('.eml') && fs.readFileSync(/*turbopackIgnore: true*/ path.join(/*turbopackIgnore: true*/ dir, name), 'utf8').toLowerCase().includes(email))
    : [];
  if (!dryRun) for (const name of files) fs.rmSync(/*turbopackIgnore: true*/ path.join(/*turbopackIgnore: true*/ dir, name), { force: true });
  return { ...report, emlFiles: files.length };
}
