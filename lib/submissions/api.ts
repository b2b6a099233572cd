import { createTranslator } from 'next-intl';
import { loadMessages } from '@/lib/i18n/messages';
import { contentLanguage, defaultLocale } from '@/lib/i18n/editions';
import { requestedLocale } from '@/lib/i18n/locale';
import { postedFromHost } from '@/lib/http/origin';
import type { FormKind } from '@/lib/forms/schemas';
import { isIdempotencyKey } from '@/lib/forms/state';
import { readBodyUpTo } from '@/lib/request-body';
import { apiError } from '@/lib/http/respond';
import { clientAddress } from '@/lib/clients';
import { FORM_POST_MAX_BYTES, HONEYPOT_FIELD } from '@/lib/limits.ts';
import { submitForm } from './service';

/** Largest JSON body the form endpoints accept. */
export const MAX_JSON_BYTES = FORM_POST_MAX_BYTES;

async function readJson(request: Request): Promise<{ body: Record<string, unknown> } | { status: 413 | 400 }> {
  const text = await readBodyUpTo(request, MAX_JSON_BYTES);
  if (text === null) return { status: 413 };
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' && !Array.isArray(body) ? { body: body as Record<string, unknown> } : { status: 400 };
  } catch {
    return { status: 400 };
  }
}

/**
 * Refuses what a browser on another site could send without asking first: a body that is not
 * `application/json` (415; `text/plain` needs no CORS preflight) and a foreign `Origin` (403). Clients
 * that are not browsers send no Origin and are not affected.
 */
function refusedRequest(request: Request): Response | null {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') return apiError(415, 'unsupported_media_type', 'Send the form as Content-Type: application/json');
  const origin = request.headers.get('origin');
  if (origin !== null && !postedFromHost(origin, request.headers)) {
    return apiError(403, 'cross_origin', 'Forms are accepted from this site only');
  }
  const key = request.headers.get('idempotency-key');
  if (key !== null && !isIdempotencyKey(key)) {
    return apiError(400, 'invalid_idempotency_key', 'Idempotency-Key must be 8 to 64 letters, digits, "-" or "_"');
  }
  return null;
}

/**
 * POST /api/site/{ask-question|business-start} of the embedded API (docs/api.md): the same checks and
 * store as the forms; errors come back per field, in the language of `locale`/`lang`.
 */
export function formEndpoint(kind: FormKind) {
  return async function POST(request: Request): Promise<Response> {
    const refused = refusedRequest(request);
    if (refused) return refused;
    const read = await readJson(request);
    const lang = 'body' in read ? requestedLocale(read.body) : defaultLocale;
    const t = createTranslator({ locale: lang, messages: await loadMessages(contentLanguage(lang)), namespace: 'Forms' });
    if (!('body' in read)) {
      return read.status === 413
        ? Response.json({ error: { code: 'too_large', message: t('formErrors.tooLarge') } }, { status: 413 })
        : Response.json({ error: { code: 'invalid_json', message: 'The body must be a JSON object' } }, { status: 400 });
    }
    const { body } = read;
    const result = await submitForm({
      kind,
      locale: lang,
      idempotencyKey: request.headers.get('idempotency-key') ?? '',
      fields: body,
      honeypot: typeof body[HONEYPOT_FIELD] === 'string' ? body[HONEYPOT_FIELD] : undefined,
      captchaToken: typeof body.recaptcha_token === 'string' ? body.recaptcha_token : undefined,
      clientAddress: clientAddress(request.headers),
    });
    if (result.ok) return Response.json({ id: result.id, status: 'received' }, { status: result.duplicate ? 200 : 201 });
    switch (result.reason) {
      case 'invalid':
        return Response.json(
          {
            error: {
              code: 'invalid',
              fields: Object.fromEntries(Object.entries(result.errors).map(([field, code]) => [field, { code, message: t(`errors.${code}`) }])),
            },
          },
          { status: 422 },
        );
      case 'rateLimited':
        return Response.json(
          { error: { code: 'rate_limited', message: t('formErrors.rateLimited', { minutes: Math.ceil(result.retryAfterSeconds / 60) }) } },
          { status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds) } },
        );
      case 'captchaMissing':
      case 'captchaFailed':
        return Response.json({ error: { code: result.reason, message: t(`formErrors.${result.reason}`) } }, { status: 403 });
      default:
        return Response.json({ error: { code: 'unavailable', message: t('formErrors.unavailable') } }, { status: 503 });
    }
  };
}
