import { revalidateTag } from 'next/cache';
import { contentDegraded, invalidatePages, processValue } from '@/lib/handoff.ts';
import type { Language } from '@/lib/i18n/editions';
import { logger } from '@/lib/observability/logger.ts';
import { metrics } from '@/lib/observability/metrics.ts';

/**
 * The one owner of content caching.
 *
 * - Pages read the remote API through Next's data cache (`fetch` with `next: {revalidate, tags}`), one
 *   tag per kind and language; with REDIS_URL that cache is shared by every instance.
 * - Beside it this module keeps, per instance, the last good answer of every call: served when the API
 *   fails, times out or answers something invalid, and, for 60 s, to the proxy (which has no data cache)
 *   to decide whether a page exists. Both are per instance and harmless: they only choose between a
 *   fallback and an error, and every instance converges within 60 s of a change.
 * - `invalidate(kind, lang)` is the only way to refresh: it marks the tag stale everywhere and this
 *   instance's copies as old (kept as fallbacks).
 */

/** The kinds of content the API serves; each is cached under one tag per language. */
export const contentKinds = ['pages', 'guides', 'articles', 'vacancies'] as const;
export type ContentKind = (typeof contentKinds)[number];

/** The one place tag names are made: `content:articles:en`. */
export function contentTag(kind: ContentKind, lang: Language): string {
  return `content:${kind}:${lang}`;
}

/** How long the proxy trusts a remembered list before asking the API again. */
const FRESH_MS = 60_000;

type Entry = { value: unknown; at: number; tag: string };
/** Shared by the proxy's and the pages' bundles of this process (lib/handoff.ts). */
const copies = processValue('content-copies', () => new Map<string, Entry>());

/** Keeps the answer of a call (by its URL) as its last good copy. */
export function remember(kind: ContentKind, lang: Language, url: string, value: unknown): void {
  copies.set(url, { value, at: Date.now(), tag: contentTag(kind, lang) });
}

/** The last good copy of a call, if this instance ever had one. */
export function lastGood<T>(url: string): { value: T } | null {
  const entry = copies.get(url);
  return entry ? { value: entry.value as T } : null;
}

/** A remembered answer younger than 60 s (the proxy's existence checks). */
export function fresh<T>(url: string): { value: T } | null {
  const entry = copies.get(url);
  return entry && Date.now() - entry.at < FRESH_MS ? { value: entry.value as T } : null;
}

/**
 * While the API is failing, this instance stops asking it for a few seconds what it has a last good copy
 * of: visitors get that copy at once instead of waiting for a timeout on every request. What it has no
 * copy of is still asked (lib/content/remote.ts), within the call's timeout.
 */
const PAUSE_MS = 15_000;
/** Until when each API (by base URL) is left alone. */
const pausedUntil = processValue('content-pause', () => new Map<string, number>());

export function apiPaused(baseUrl: string): boolean {
  return Date.now() < (pausedUntil.get(baseUrl) ?? 0);
}

export function reportApi(baseUrl: string, ok: boolean, error?: unknown): void {
  if (!ok) metrics().contentFailures.inc();
  if (!ok && !apiPaused(baseUrl)) logger('content').warn({ event: 'content.paused', seconds: PAUSE_MS / 1000, err: error }, `the content API failed; serving last good copies for ${PAUSE_MS / 1000} s`);
  if (ok && pausedUntil.has(baseUrl)) logger('content').info({ event: 'content.resumed' }, 'the content API answers again');
  if (ok) pausedUntil.delete(baseUrl);
  else pausedUntil.set(baseUrl, Date.now() + PAUSE_MS);
  contentDegraded(pausedUntil.size > 0);
}

/**
 * Is the content API failing: its last call failed and none has succeeded since (pages are served from
 * the last good copies)? For the metrics and the readiness details; readiness itself does not depend on it.
 */
export function contentApiPaused(): boolean {
  return pausedUntil.size > 0;
}

/** Refreshes a kind of content in one language: Next's cache on every instance, our copies here. */
export function invalidate(kind: ContentKind, lang: Language): string {
  const tag = contentTag(kind, lang);
  revalidateTag(tag, 'max');
  for (const entry of copies.values()) if (entry.tag === tag) entry.at = 0;
  // The pages server.ts keeps (lib/http/page-cache.ts) in this language, on every instance.
  invalidatePages(lang);
  return tag;
}
