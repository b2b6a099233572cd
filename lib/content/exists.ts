import type { Language } from '@/lib/i18n/editions';
import { getFaq, isRemote, source } from './index';
import type { ContentKind } from './tags';

/**
 * Whether a content item exists, for the proxy's 404 decision (lib/i18n/pages.ts). The proxy cannot use
 * Next's data cache, so with a remote API the slug lists are kept here for a minute. The store lives on
 * `globalThis` because the proxy and the route handlers are separate bundles in one process, and
 * `/api/revalidate` must be able to clear it.
 */
const TTL_MS = 60_000;
type Entry = { slugs: Set<string>; at: number };
const store = ((globalThis as { __billmeSlugs?: Map<string, Entry> }).__billmeSlugs ??= new Map());

async function listSlugs(kind: ContentKind, lang: Language): Promise<string[]> {
  const list = await source[kind](lang);
  return list.map((item) => item.slug);
}

async function slugs(kind: ContentKind, lang: Language): Promise<Set<string> | null> {
  if (!isRemote) return new Set(await listSlugs(kind, lang));
  const key = `${kind}:${lang}`;
  const cached = store.get(key);
  if (cached && Date.now() - cached.at < TTL_MS) return cached.slugs;
  try {
    const fresh = { slugs: new Set(await listSlugs(kind, lang)), at: Date.now() };
    store.set(key, fresh);
    return fresh.slugs;
  } catch {
    // API down: keep the last list; with none, let the page try (it shows the error page if it fails).
    return cached?.slugs ?? null;
  }
}

export async function contentExists(kind: ContentKind, lang: Language, slug: string): Promise<boolean> {
  const known = await slugs(kind, lang);
  return known === null ? true : known.has(slug);
}

export function faqExists(lang: Language, slug: string): boolean {
  return getFaq(lang).some((item) => item.slug === slug);
}

/** Forget the cached slug lists of a kind and language (after `/api/revalidate`). */
export function forgetSlugs(kind: ContentKind, lang: Language): void {
  store.delete(`${kind}:${lang}`);
}
