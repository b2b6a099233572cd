/**
 * The privacy door: how long personal data is kept (the policy the stores stamp on each row), the
 * hourly retention job, and erasure on a data subject's request.
 */
export { eraseEmail, type ErasureReport } from './erase';
export {
  ensureErasureLog, erasureHash, erasureKeyFile, erasureLogFile, erasureLogProblems, readErasureLog, reapplyErasures, recordErasure, type ErasureEntry,
} from './erasure-log';
export { paymentRetainUntil, submissionRetainUntil } from './policy';
export { applyRetention, startRetention, stopRetention, type RetentionReport } from './retention';
