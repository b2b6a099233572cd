import type { OutboxEntry, Outcome } from '@/lib/outbox';
import { getSubmission, readAttachment } from './store';

const TIMEOUT_MS = 5000;

/**
 * The outbox topic `submission` (remote mode): posts a stored submission to the remote API, with its id
 * as `Idempotency-Key` so that a resend after a lost answer is recognised there. Job applications go as
 * multipart with the CV.
 */
export async function deliverSubmission(entry: OutboxEntry): Promise<Outcome> {
  const target = String(entry.payload.target ?? '');
  const submission = await getSubmission(entry.ref);
  if (!submission || !target) return { ok: false, error: 'submission or target missing', permanent: true };

  const headers = { 'Idempotency-Key': submission.id, Accept: 'application/json' };
  const fields = { ...submission.data, lang: submission.locale.split('-')[0]!, locale: submission.locale, submitted_at: submission.createdAt };
  let init: RequestInit;
  const cv = submission.attachment ? await readAttachment(submission.id) : null;
  if (cv) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    form.set('cv', new Blob([new Uint8Array(cv.bytes)], { type: cv.type }), cv.name);
    init = { method: 'POST', headers, body: form };
  } else {
    init = { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(fields) };
  }
  try {
    const response = await fetch(target, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), cache: 'no-store' });
    return response.ok ? { ok: true } : { ok: false, error: `HTTP ${response.status}` };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}
