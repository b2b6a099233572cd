import { unstable_rethrow } from 'next/navigation';
import type { z } from 'zod';
import type { Language } from '@/lib/i18n/editions';
import { ContentUnavailableError } from './errors';
import { articleList, guideList, pageList, vacancyList } from './schemas';
import type { ContentSource } from './source';
import { contentTag, type ContentKind } from './tags';

export type RemoteOptions = {
  /** `${API_BASE_URL}`, e.g. `https://billme.eu/api`; calls go to `${baseUrl}/site/...` */
  baseUrl: string;
  /** Seconds a cached answer is fresh; after that the next request refreshes it in the background. */
  revalidate: number;
  /** A call that takes longer fails (and the last good answer stays in use). */
  timeoutMs: number;
};

/**
 * Last good answer per URL, for the life of the process: used when the API fails or answers something
 * that does not validate. (Next's data cache already keeps the last 200 answer for stale reads; this
 * also covers a 200 with a bad body and a cache that was never filled in this process.) On `globalThis`,
 * so the warm-up in instrumentation.ts fills it for the page bundles too.
 */
const lastGood = ((globalThis as { __billmeLastGood?: Map<string, unknown> }).__billmeLastGood ??= new Map());

/** The content API over HTTP. Every answer is validated; each kind is cached under its tag. */
export function remoteSource(options: RemoteOptions): ContentSource {
  async function apiFetch<T>(path: string, schema: z.ZodType<T>, kind: ContentKind, lang: Language): Promise<T> {
    const url = `${options.baseUrl}/site${path}`;
    try {
      const response = await fetch(url, {
        headers: { Accept: 'application/json, text/plain;q=0.9' },
        signal: AbortSignal.timeout(options.timeoutMs),
        next: { revalidate: options.revalidate, tags: [contentTag(kind, lang)] },
      });
      if (!response.ok) throw new ContentUnavailableError(`GET ${url} answered ${response.status}`);
      // The API may label JSON as text (spec 7: "asks for JSON or text"), so parse the text ourselves.
      const body: unknown = JSON.parse(await response.text());
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        throw new ContentUnavailableError(`GET ${url} answered an unexpected shape: ${parsed.error.issues[0]?.message}`);
      }
      lastGood.set(url, parsed.data);
      return parsed.data;
    } catch (error) {
      unstable_rethrow(error);
      if (lastGood.has(url)) {
        console.warn(`[content] ${error instanceof Error ? error.message : String(error)}; using the last good answer`);
        return lastGood.get(url) as T;
      }
      throw error instanceof ContentUnavailableError
        ? error
        : new ContentUnavailableError(`GET ${url} failed: ${error instanceof Error ? error.message : String(error)}`, {
            cause: error,
          });
    }
  }

  const q = (lang: Language) => `?lang=${encodeURIComponent(lang)}`;

  return {
    articles: (lang) => apiFetch(`/articles${q(lang)}`, articleList, 'articles', lang),
    guides: (lang) => apiFetch(`/guides${q(lang)}`, guideList, 'guides', lang),
    findGuide: (text, lang) => apiFetch(`/find-guide/${encodeURIComponent(text)}${q(lang)}`, guideList, 'guides', lang),
    page: (slug, lang) => apiFetch(`/page/${encodeURIComponent(slug)}${q(lang)}`, pageList, 'pages', lang),
    pages: (lang) => apiFetch(`/pages${q(lang)}`, pageList, 'pages', lang),
    vacancies: (lang) => apiFetch(`/vacancies${q(lang)}`, vacancyList, 'vacancies', lang),
  };
}
