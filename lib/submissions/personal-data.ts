import { env } from '@/lib/env';
import { countRows, inChunks, placeholders, type DataOwner } from '@/lib/privacy';

/**
 * The submissions domain's part of erasure and retention (lib/privacy/owners.ts): its rows and their
 * CVs, and the client hashes it keeps for RETENTION_CLIENT_HOURS. The ids it removes go on to the
 * owners after it (the outbox's work for them).
 */
const removeSubmissions = async (tx: Parameters<NonNullable<DataOwner['erase']>>[0], ids: string[]) => {
  let cvs = 0;
  for (const chunk of inChunks(ids)) {
    cvs += await countRows(tx, `attachments WHERE submission_id IN (${placeholders(chunk)})`, chunk);
  }
  return cvs;
};

async function drop(tx: Parameters<NonNullable<DataOwner['erase']>>[0], ids: string[]) {
  for (const chunk of inChunks(ids)) {
    await tx.run(`DELETE FROM attachments WHERE submission_id IN (${placeholders(chunk)})`, chunk);
    await tx.run(`DELETE FROM submissions WHERE id IN (${placeholders(chunk)})`, chunk);
  }
}

export const submissionsData: DataOwner = {
  domain: 'submissions',
  tables: ['submissions', 'attachments'],
  async erase(tx, { email, dryRun }) {
    const ids = (await tx.all<{ id: string }>('SELECT id FROM submissions WHERE email = ?', [email])).map((row) => row.id);
    const counts = { submissions: ids.length, cvs: await removeSubmissions(tx, ids) };
    if (!dryRun) await drop(tx, ids);
    return { counts, refs: ids };
  },
  async retain(tx, { now, at, dryRun }) {
    const clientsBefore = new Date(now.getTime() - env.RETENTION_CLIENT_HOURS * 3_600_000).toISOString();
    const ids = (await tx.all<{ id: string }>('SELECT id FROM submissions WHERE retain_until < ?', [at])).map((row) => row.id);
    const counts = {
      submissions: ids.length,
      cvs: await removeSubmissions(tx, ids),
      clientHashes: await countRows(tx, 'submissions WHERE client IS NOT NULL AND created_at < ?', [clientsBefore]),
    };
    if (!dryRun) {
      await drop(tx, ids);
      await tx.run('UPDATE submissions SET client = NULL WHERE client IS NOT NULL AND created_at < ?', [clientsBefore]);
    }
    return { counts, refs: ids };
  },
  async addresses(q) {
    return (await q.all<{ email: string }>('SELECT DISTINCT email FROM submissions WHERE email IS NOT NULL')).map((row) => row.email);
  },
};
