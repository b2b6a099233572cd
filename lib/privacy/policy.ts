import { env } from '@/lib/env';
import type { FormKind } from '@/lib/forms/schemas';

/**
 * The retention periods the privacy policy states (content/pages/<lang>/privacy-policy.md), from the
 * environment's RETENTION_* keys. Each record gets its date when it is stored, so a later change of a
 * period applies to what arrives after it.
 */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}

/** When a submission's personal data is due to go: questions and leads, applications (kept longer with consent). */
export function submissionRetainUntil(kind: FormKind, data: Record<string, string>, received: Date): string {
  const months =
    kind !== 'job-application'
      ? env.RETENTION_QUESTIONS_MONTHS
      : data.keep === 'yes'
        ? env.RETENTION_APPLICATIONS_KEPT_MONTHS
        : env.RETENTION_APPLICATIONS_MONTHS;
  return addMonths(received, months).toISOString();
}

/** When a payment's payer data is due to be removed (the amounts stay for the accounts). */
export function paymentRetainUntil(created: Date): string {
  return addMonths(created, env.RETENTION_PAYMENTS_MONTHS).toISOString();
}
