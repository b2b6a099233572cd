import { keyedClientHashes } from './keyed-client-hashes';
import { normalizedEmailDomains, normalizedEmails } from './normalized-email';
import { paymentStates } from './payment-states';
import { paymentAttempts, paymentsTable } from './payments';
import { paymentReview } from './payment-review';
import { rateLimit } from './rate-limit';
import { retentionColumns } from './retention';
import { submissions, submissionsLegacy } from './submissions';
import { testProviderSessions } from './test-provider';
import type { Migration } from './types';

export type { Migration, Step } from './types';

/** Every schema change, in order. Add a new one at the end; never edit one that has shipped. */
export const migrations: readonly Migration[] = [
  submissionsLegacy, paymentsTable, submissions, paymentAttempts, rateLimit, retentionColumns, normalizedEmails, paymentStates,
  normalizedEmailDomains, testProviderSessions, paymentReview, keyedClientHashes,
];

