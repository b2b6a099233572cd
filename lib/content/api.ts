import { apiError, apiRoute, jsonAnswer } from '@/lib/http/respond';
import { languages, type Language } from '@/lib/i18n/editions';
import type { ContentKind } from './cache';
import { embeddedSource } from './embedded';

/** Helpers of the embedded `/api/site/*` route handlers (contract in docs/api.md). */

/**
 * The `lang` query parameter: one of the five content languages. Missing means the default (`lv`, or
 * `en` for find-guide, whose default locale is lv-en); anything else is an error answer.
 */
export function requestLanguage(request: Request, fallback: Language = 'lv'): Language | Response {
  const value = new URL(request.url).searchParams.get('lang');
  if (value === null || value === '') return fallback;
  const lang = value.toLowerCase();
  if ((languages as readonly string[]).includes(lang)) return lang as Language;
  return apiError(400, 'unsupported_language', `lang must be one of: ${languages.join(', ')}`, { supported: languages });
}

/** GET /api/site/{kind}?lang= : every item of a kind in one language, from the embedded content. */
export function listHandler(kind: ContentKind) {
  return apiRoute(async (request: Request) => {
    const lang = requestLanguage(request);
    return lang instanceof Response ? lang : jsonAnswer(await embeddedSource[kind](lang));
  });
}
