import { normalizeEmail } from '@/lib/forms/email';
import type { Transaction } from '../types';
import type { Migration } from './types';

/**
 * Addresses compared as lib/forms/email.ts normalizes them (NFKC, full case folding), computed once
 * when stored: payments get `payer_email_normalized`; submissions' `email` (0006 filled it with SQL's
 * lower(), which in SQLite folds ASCII only) is recomputed. A data-subject request then finds
 * `ΝΙΚΟΣ@example.com.cy` however it was typed. The existing rows are converted here, in code, because
 * neither database's lower() folds the way the site does.
 */
export async function normalizeExisting(tx: Transaction): Promise<void> {
  for (const row of await tx.all<{ id: string; payer_email: string }>('SELECT id, payer_email FROM payments')) {
    await tx.run('UPDATE payments SET payer_email_normalized = ? WHERE id = ?', [normalizeEmail(row.payer_email), row.id]);
  }
  for (const row of await tx.all<{ id: string; data: string | Record<string, unknown> }>('SELECT id, data FROM submissions')) {
    const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as { email?: unknown };
    await tx.run('UPDATE submissions SET email = ? WHERE id = ?', [normalizeEmail(typeof data.email === 'string' ? data.email : ''), row.id]);
  }
}

export const normalizedEmails: Migration = {
  id: '0007-normalized-emails',
  sqlite: [
    `ALTER TABLE payments ADD COLUMN payer_email_normalized TEXT;
    CREATE INDEX payments_email_normalized ON payments (payer_email_normalized);`,
    normalizeExisting,
  ],
  postgres: [
    `ALTER TABLE payments ADD COLUMN payer_email_normalized text;
    CREATE INDEX payments_email_normalized ON payments (payer_email_normalized);`,
    normalizeExisting,
  ],
};

/**
 * Internationalised domains in one form (issue 40): the normalized addresses hold the domain in IDNA's
 * ASCII form (`idn@xn--hxajbheg2az3al.gr`), as mail headers have it, so an erasure finds the rows and
 * the .eml copies however the domain was typed. The rows stored before are recomputed.
 */
export const normalizedEmailDomains: Migration = {
  id: '0010-normalized-email-domains',
  sqlite: [normalizeExisting],
  postgres: [normalizeExisting],
};
