import { inChunks, placeholders, type DataOwner } from '@/lib/privacy';

/**
 * The payments domain's part of erasure and retention (lib/privacy/owners.ts): the payer's name, email
 * and reference are removed; the amounts, dates and companies stay for the accounts. The ids it
 * anonymizes go on to the owners after it (the outbox's receipt mails).
 */
const ANONYMIZE = `UPDATE payments SET payer_name = '', payer_email = '', payer_email_normalized = '', reference = '', anonymized_at = ?`;

async function anonymize(tx: Parameters<NonNullable<DataOwner['erase']>>[0], ids: string[], at: string) {
  for (const chunk of inChunks(ids)) await tx.run(`${ANONYMIZE} WHERE id IN (${placeholders(chunk)})`, [at, ...chunk]);
}

export const paymentsData: DataOwner = {
  domain: 'payments',
  tables: ['payments', 'payment_attempts', 'payment_notifications', 'job_leases', 'test_provider_sessions'],
  async erase(tx, { email, at, dryRun }) {
    const ids = (await tx.all<{ id: string }>('SELECT id FROM payments WHERE payer_email_normalized = ?', [email])).map((row) => row.id);
    if (!dryRun) await anonymize(tx, ids, at);
    return { counts: { paymentsAnonymized: ids.length }, refs: ids };
  },
  async retain(tx, { at, dryRun }) {
    const ids = (await tx.all<{ id: string }>('SELECT id FROM payments WHERE retain_until < ? AND anonymized_at IS NULL', [at])).map((row) => row.id);
    if (!dryRun) await anonymize(tx, ids, at);
    return { counts: { paymentsAnonymized: ids.length }, refs: ids };
  },
  async addresses(q) {
    return (await q.all<{ email: string }>(`SELECT DISTINCT payer_email_normalized AS email FROM payments WHERE payer_email_normalized <> ''`)).map((row) => row.email);
  },
};
