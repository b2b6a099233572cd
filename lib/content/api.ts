import { languages, type Language } from '@/lib/i18n/editions';
import { embeddedSource } from './embedded';
import type { ContentKind } from './tags';

/** Helpers of the embedded `/api/site/*` route handlers (contract in docs/api.md). */

const headers = {
  'Cache-Control': 'public, max-age=60, stale-while-revalidate=600',
  'X-Content-Type-Options': 'nosniff',
};

export function jsonAnswer(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: status === 200 ? headers : { 'X-Content-Type-Options': 'nosniff' } });
}

export function apiError(status: number, code: string, message: string, extra: Record<string, unknown> = {}): Response {
  return jsonAnswer({ error: { code, message, ...extra } }, status);
}

/**
 * The `lang` query parameter: one of the five content languages. Missing means the default (`lv`, or
 * `en` for find-guide, whose default locale is lv-en); anything else is an error answer.
 */
export function requestLanguage(request: Request, fallback: Language = 'lv'): Language | Response {
  const value = new URL(request.url).searchParams.get('lang');
  if (value === null || value === '') return fallback;
  const lang = value.toLowerCase();
  if ((languages as readonly string[]).includes(lang)) return lang as Language;
  return apiError(400, 'unsupported_language', `lang must be one of: ${languages.join(', ')}`, {
    supported: languages,
  });
}

/** GET /api/site/{kind}?lang= : every item of a kind in one language, from the embedded content. */
export function listHandler(kind: ContentKind) {
  return async function GET(request: Request): Promise<Response> {
    const lang = requestLanguage(request);
    if (lang instanceof Response) return lang;
    try {
      return jsonAnswer(await embeddedSource[kind](lang));
    } catch (error) {
      console.error(error);
      return apiError(500, 'content_error', 'The content could not be read');
    }
  };
}
