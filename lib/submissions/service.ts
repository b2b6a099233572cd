import { env } from '@/lib/env';
import { CV_FILENAME_MAX_CHARS } from '@/lib/limits.ts';
import { CV_MIME, cvProblem, type CvType } from '@/lib/forms/cv';
import { fieldErrors, fieldsOf, formSchemas, type ErrorCode, type FormKind } from '@/lib/forms/schemas';
import { acceptedKey, captchaAction } from '@/lib/forms/state';
import { deliverFor } from '@/lib/outbox';
import { submissionRetainUntil } from '@/lib/privacy';
import { verifyCaptcha } from './captcha';
import { clientKey, takeRateLimit } from '@/lib/clients';
import { insertSubmission } from './store';
import { logger, metrics } from '@/lib/observability';

/** Everything a form sends, as the server action or the API route received it. */
export type SubmissionInput = {
  kind: FormKind;
  locale: string;
  /** One per rendered form: a resend of the same form is recognised, not stored twice. */
  idempotencyKey: string;
  fields: Record<string, unknown>;
  /** Stored with the fields, set by the site itself (the vacancy of a job application). */
  context?: Record<string, string>;
  file?: { name: string; size: number; bytes: Uint8Array } | null;
  /** The hidden field people never see; bots fill it. */
  honeypot?: string;
  captchaToken?: string;
  clientAddress: string | null;
};

export type SubmissionResult =
  | { ok: true; id: string | null; duplicate: boolean }
  | { ok: false; reason: 'invalid'; errors: Record<string, ErrorCode> }
  | { ok: false; reason: 'rateLimited'; retryAfterSeconds: number }
  | { ok: false; reason: 'captchaMissing' | 'captchaFailed' }
  | { ok: false; reason: 'unavailable' };

/** Where a form's submissions must go, or null to keep them here (the embedded default). */
export function deliveryTarget(kind: FormKind): string | null {
  if (kind === 'job-application') return env.CAREERS_API_URL ?? null;
  return env.API_BASE_URL ? `${env.API_BASE_URL}/site/${kind}` : null;
}

/** A clean file name to keep with the CV (shown to operators, sent with the delivery). */
function cleanFileName(name: string, type: CvType): string {
  return name.split(/[\\/]/).pop()!.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, CV_FILENAME_MAX_CHARS) || `cv.${type}`;
}

/**
 * The one path of every form: honeypot, validation, rate limit, captcha, then a durable write; only
 * then is the visitor told it arrived. Nothing is stored for a rejected submission.
 */
export async function submitForm(input: SubmissionInput): Promise<SubmissionResult> {
  if (input.honeypot) return { ok: true, id: null, duplicate: false }; // a bot: pretend, store nothing

  // A field left out counts as empty (JSON clients may omit optional ones); other types stay invalid.
  const fields = Object.fromEntries(fieldsOf(input.kind).map((name) => [name, input.fields[name] ?? '']));
  const parsed = formSchemas[input.kind].safeParse(fields);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  let cvType: CvType | null = null;
  if (input.kind === 'job-application') {
    const check = input.file ? cvProblem(input.file, input.file.bytes) : { problem: 'required' as const };
    if ('problem' in check) errors.cv = check.problem;
    else cvType = check.type;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, reason: 'invalid', errors };

  try {
    const client = clientKey(input.clientAddress);
    const rate = await takeRateLimit(input.kind, client, { limit: env.FORM_RATE_LIMIT, windowSeconds: env.FORM_RATE_WINDOW_SECONDS });
    if (!rate.ok) {
      metrics().rateLimited.inc({ form: input.kind });
      return { ok: false, reason: 'rateLimited', retryAfterSeconds: rate.retryAfterSeconds };
    }

    const captcha = await verifyCaptcha(input.captchaToken, captchaAction(input.kind), input.clientAddress);
    if (!captcha.ok) return { ok: false, reason: captcha.reason };

    const target = deliveryTarget(input.kind);
    const data = { ...(parsed.data as Record<string, string>), ...input.context };
    const { submission, duplicate } = await insertSubmission({
      kind: input.kind,
      idempotencyKey: acceptedKey(input.idempotencyKey),
      locale: input.locale,
      data,
      retainUntil: submissionRetainUntil(input.kind, data, new Date()),
      attachment:
        cvType && input.file
          ? { name: cleanFileName(input.file.name, cvType), type: CV_MIME[cvType], size: input.file.bytes.byteLength, bytes: input.file.bytes }
          : null,
      client,
      outbox: [
        ...(target ? [{ topic: 'submission', payload: { target } }] : []),
        { topic: 'mail', payload: { template: 'confirmation' } },
        { topic: 'mail', payload: { template: 'notification' } },
      ],
    });
    // Stored, so the visitor is told at once. Delivery and mail start now without holding the answer;
    // whatever fails is retried by the outbox worker (instrumentation.ts).
    if (!duplicate) void deliverFor(submission.id).catch((error: unknown) => logger('outbox').error({ event: 'outbox.failed', submission: submission.id, err: error }, 'outbox delivery failed'));
    return { ok: true, id: submission.id, duplicate };
  } catch (error) {
    logger('submissions').error({ event: 'submission.store_failed', kind: input.kind, err: error }, 'could not store a submission');
    return { ok: false, reason: 'unavailable' };
  }
}
