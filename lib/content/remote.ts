import { unstable_rethrow } from 'next/navigation';
import type { z } from 'zod';
import type { Language } from '@/lib/i18n/editions';
import { apiPaused, contentTag, lastGood, remember, reportApi, type ContentKind } from './cache';
import { ContentUnavailableError } from './errors';
import { articleList, guideList, pageList, vacancyList } from './schemas';
import type { ContentSource } from './source';
import { logger } from '@/lib/observability/logger.ts';
import { processValue } from '@/lib/handoff.ts';
import { CONTENT_PARSED_ANSWERS } from '@/lib/limits.ts';
import { setCacheSizeSource } from '@/lib/observability/cache-metrics.ts';

export type RemoteOptions = {
  /** `${API_BASE_URL}`, e.g. `https://api.example.com`; calls go to `${baseUrl}/site/...` */
  baseUrl: string;
  /** Seconds a cached answer is fresh; after that the next request refreshes it in the background. */
  revalidate: number;
  /** A call that takes longer fails (and the last good answer stays in use). */
  timeoutMs: number;
};

/** The URL of a call, for callers that look up its remembered answer (lib/content/index.ts). */
export function listUrl(baseUrl: string, kind: ContentKind, lang: Language): string {
  return `${baseUrl}/site/${kind}?lang=${encodeURIComponent(lang)}`;
}

/**
 * The last parsed answer of each call, with the text it was parsed from: Next's data cache hands back the
 * same text on every request until the content changes, and parsing and validating it again each time
 * is a cost that grows with the content. Equal text, same list object (so the indexes of
 * lib/content/indexes.ts, keyed by the list, are built once per content version). Bounded: the searches'
 * URLs vary with the query.
 */
const parsedAnswers = processValue('content-parsed', () => new Map<string, { text: string; value: unknown }>());
setCacheSizeSource('content_parsed', () => ({ entries: parsedAnswers.size, maxEntries: CONTENT_PARSED_ANSWERS }));

function parsedOnce<T>(url: string, text: string, parse: (text: string) => T): T {
  const kept = parsedAnswers.get(url);
  if (kept && kept.text === text) {
    parsedAnswers.delete(url);
    parsedAnswers.set(url, kept); // most recently used last
    return kept.value as T;
  }
  const value = parse(text);
  parsedAnswers.set(url, { text, value });
  while (parsedAnswers.size > CONTENT_PARSED_ANSWERS) parsedAnswers.delete(parsedAnswers.keys().next().value!);
  return value;
}

/** The content API over HTTP. Every answer is validated; each kind is cached under its tag. */
export function remoteSource(options: RemoteOptions): ContentSource {
  async function apiFetch<T>(url: string, schema: z.ZodType<T>, kind: ContentKind, lang: Language): Promise<T> {
    // While the API is paused, a call with a last good copy answers it at once; one without is still
    // tried (an instance whose first calls timed out while it started would otherwise answer
    // "unavailable" for 15 s for pages the API serves).
    if (apiPaused(options.baseUrl)) {
      const copy = lastGood<T>(url);
      if (copy) return copy.value;
    }
    try {
      const response = await fetch(url, {
        headers: { Accept: 'application/json, text/plain;q=0.9' },
        signal: AbortSignal.timeout(options.timeoutMs),
        next: { revalidate: options.revalidate, tags: [contentTag(kind, lang)] },
      });
      if (!response.ok) throw new ContentUnavailableError(`GET ${url} answered ${response.status}`);
      // The API may label JSON as text (spec 7: "asks for JSON or text"), so parse the text ourselves.
      const data = parsedOnce(url, await response.text(), (text) => {
        const parsed = schema.safeParse(JSON.parse(text) as unknown);
        if (!parsed.success) throw new ContentUnavailableError(`GET ${url} answered an unexpected shape: ${parsed.error.issues[0]?.message}`);
        return parsed.data;
      });
      remember(kind, lang, url, data);
      reportApi(options.baseUrl, true);
      return data;
    } catch (error) {
      unstable_rethrow(error);
      reportApi(options.baseUrl, false, error);
      const copy = lastGood<T>(url);
      if (copy) {
        logger('content').warn({ event: 'content.fallback', err: error }, 'content call failed; using the last good answer');
        return copy.value;
      }
      throw error instanceof ContentUnavailableError
        ? error
        : new ContentUnavailableError(`GET ${url} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }

  const q = (lang: Language) => `?lang=${encodeURIComponent(lang)}`;
  const site = `${options.baseUrl}/site`;

  return {
    articles: (lang) => apiFetch(listUrl(options.baseUrl, 'articles', lang), articleList, 'articles', lang),
    guides: (lang) => apiFetch(listUrl(options.baseUrl, 'guides', lang), guideList, 'guides', lang),
    findGuide: (text, lang) => apiFetch(`${site}/find-guide/${encodeURIComponent(text)}${q(lang)}`, guideList, 'guides', lang),
    page: (slug, lang) => apiFetch(`${site}/page/${encodeURIComponent(slug)}${q(lang)}`, pageList, 'pages', lang),
    pages: (lang) => apiFetch(listUrl(options.baseUrl, 'pages', lang), pageList, 'pages', lang),
    vacancies: (lang) => apiFetch(listUrl(options.baseUrl, 'vacancies', lang), vacancyList, 'vacancies', lang),
  };
}
