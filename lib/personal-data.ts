/**
 * Every domain that keeps personal data, and the privacy jobs bound to all of them: the one module
 * through which every path erases and applies retention — the server (instrumentation.ts), the
 * operator's CLI (scripts/submissions.ts) and restore's re-erasure (lib/backup) — so none of them can
 * run with a domain left out (a GDPR defect). A new table with personal data gets a hook in its own
 * domain (lib/privacy/owners.ts) and a line here; tests/personal-data.test.ts holds both.
 */
import { clientsData } from '@/lib/clients';
import { env } from '@/lib/env';
import { mailData } from '@/lib/mail';
import { outboxData } from '@/lib/outbox';
import { paymentsData } from '@/lib/payments';
import { eraseWith, reapplyErasures as reapplyWith, retainWith, startRetention as startWith, type DataOwner, type ErasureReport, type RetentionReport } from '@/lib/privacy';
import { submissionsData } from '@/lib/submissions';

export type { ErasureReport, RetentionReport };

/**
 * In this order: the rows' owners first, then the outbox, which takes the work queued for the rows
 * they removed (their ids), then the files.
 */
export const dataOwners: readonly DataOwner[] = [
  submissionsData,
  paymentsData,
  clientsData,
  outboxData({ mail: env.RETENTION_MAIL_DAYS }),
  mailData,
];

/** A data-subject request (GDPR art. 17) for one address, through every owner (lib/privacy/erase.ts). */
export const eraseEmail = (address: string, options?: { dryRun?: boolean }): Promise<ErasureReport> => eraseWith(dataOwners, address, options);

/** The retention periods applied by every owner (lib/privacy/retention.ts). */
export const applyRetention = (now?: Date, options?: { dryRun?: boolean }): Promise<RetentionReport> => retainWith(dataOwners, now, options);

/** After a restore: the logged erasures made again, for every address any owner holds. */
export const reapplyErasures = (erase: (address: string) => Promise<unknown> = (address) => eraseEmail(address)) => reapplyWith(dataOwners, erase);

/** The hourly retention job of the server (instrumentation.ts). */
export const startRetention = (intervalMs?: number) => startWith(dataOwners, intervalMs);
export { stopRetention } from '@/lib/privacy';
