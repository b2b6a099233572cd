/**
 * The privacy door: how long personal data is kept (the policy the stores stamp on each row), the
 * hourly retention job and erasure on a data subject's request, both run through the hooks of the
 * domains that own the data (./owners.ts; lib/personal-data.ts lists them and binds these to them).
 */
export { eraseWith, type ErasureReport } from './erase';
export {
  ensureErasureLog, erasureHash, erasureKeyFile, erasureLogFile, erasureLogProblems, readErasureLog, reapplyErasures, recordErasure, type ErasureEntry,
} from './erasure-log';
export { mailAddresses } from './eml';
export { countRows, inChunks, placeholders, type DataOwner, type ErasureCounts, type ErasureScope, type RetentionCounts, type RetentionScope } from './owners';
export { paymentRetainUntil, submissionRetainUntil } from './policy';
export { retainWith, startRetention, stopRetention, type RetentionReport } from './retention';
