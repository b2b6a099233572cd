/**
 * The submissions door: what visitors send through the forms. Actions and API routes call `submitForm`
 * (validation, rate limit of lib/clients, captcha, durable store, outbox) or `formEndpoint`; the composition root
 * registers `deliverSubmission` as the outbox topic `submission`; mail and the CLI read stored rows.
 */
export { formEndpoint, MAX_JSON_BYTES } from './api';
export { submissionsData } from './personal-data';
export { deliverSubmission } from './delivery';
export { submitForm, type SubmissionInput, type SubmissionResult } from './service';
export { deliverySummary, getSubmission, listSubmissions, readAttachment, type Attachment, type Submission } from './store';
