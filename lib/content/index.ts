import { env } from '@/lib/env';
import { logger } from '@/lib/observability/logger.ts';
import { languages, type Language } from '@/lib/i18n/editions';
import { embeddedSource } from './embedded';
import { localContent, preloadLocalContent } from './local';
import { fresh, type ContentKind } from './cache';
import { listUrl, remoteSource } from './remote';
import { isoDate } from './format';
import { cleanQuery } from './search';
import { derivedOnce, positionOf, searchList } from './indexes';
import { SEARCH_RESULTS_MAX } from '@/lib/limits';
import type { ContentSource } from './source';
import type { Article, FaqCategory, FaqItem, Guide, Page, Vacancy } from './schemas';
import { faqCategories } from './schemas';

// The content door: pages, routes and other domains import content through this file, or through one
// of its pure modules (format, search, guide-items, schemas: no source, no environment), which the
// browser imports one by one so that its bundle takes only what it uses.
export * from './format';
export * from './search';
export { isGuideList, type GuideListItem } from './guide-items';
export { contentDate, faqCategories, type Article, type FaqCategory, type FaqItem, type Guide, type Page, type Vacancy } from './schemas';
export { listHandler, requestLanguage } from './api';
export { contentKinds, invalidate, type ContentKind } from './cache';
export { embeddedSource } from './embedded';
export { ContentUnavailableError } from './errors';
export { guideListItems } from './guide-items';
export { editionHtml } from './html';
export { derivedOnce } from './indexes';

/**
 * The content functions pages use. Which source answers is decided here, once: the remote API when
 * `API_BASE_URL` is set, else the embedded content.
 */
export const source: ContentSource = env.API_BASE_URL
  ? remoteSource({ baseUrl: env.API_BASE_URL, revalidate: env.CONTENT_REVALIDATE_SECONDS, timeoutMs: env.CONTENT_TIMEOUT_MS })
  : embeddedSource;

export { contentApiPaused } from './cache';

/** The date an item of each kind last changed. */
const changedOn: { [K in ContentKind]: (item: Awaited<ReturnType<ContentSource[K]>>[number]) => string } = {
  articles: (item) => item.date,
  guides: (item) => item.updated_at,
  pages: (item) => item.updated_at,
  vacancies: (item) => item.date,
};

/**
 * The slugs and change dates of a kind, for the proxy (which has no data cache) and the sitemap: the
 * remote answer remembered within the last minute, else a call (which falls back to the last good
 * copy); `null` when the API is down and this instance never had the list.
 */
export async function contentItems(kind: ContentKind, lang: Language): Promise<readonly { slug: string; modified: string }[] | null> {
  const copy = env.API_BASE_URL ? fresh<Awaited<ReturnType<ContentSource[typeof kind]>>>(listUrl(env.API_BASE_URL, kind, lang)) : null;
  const list = copy ? copy.value : await source[kind](lang).catch(() => null);
  const date = changedOn[kind] as (item: (typeof list & object)[number]) => string;
  // Once per version of the list (the same list object until its content changes): the proxy asks on every request.
  return list && derivedOnce(list as readonly (typeof list)[number][], 'items', (items) => items.map((item) => ({ slug: item.slug, modified: isoDate(date(item)) })));
}

/** An item with its neighbours in a list (null at either end). */
export type WithNeighbours<T> = { item: T; previous: T | null; next: T | null };

function withNeighbours<T extends { slug: string }>(list: readonly T[], slug: string): WithNeighbours<T> | null {
  const index = positionOf(list, slug);
  if (index < 0) return null;
  return { item: list[index]!, previous: list[index - 1] ?? null, next: list[index + 1] ?? null };
}

export function getArticles(lang: Language): Promise<Article[]> {
  return source.articles(lang);
}

/**
 * An article with its neighbours in time: `previous` is the one published before it, `next` the one
 * published after it (the list is newest first).
 */
export async function getArticle(lang: Language, slug: string): Promise<WithNeighbours<Article> | null> {
  const found = withNeighbours(await source.articles(lang), slug);
  return found && { item: found.item, previous: found.next, next: found.previous };
}

/** Guides matching a search, at most SEARCH_RESULTS_MAX of them; an empty query lists them all (the page shows one page of them). */
export async function searchGuides(lang: Language, query: string | undefined | null): Promise<Guide[]> {
  const text = cleanQuery(query);
  return text ? (await source.findGuide(text, lang)).slice(0, SEARCH_RESULTS_MAX) : source.guides(lang);
}

export async function getGuide(lang: Language, slug: string): Promise<WithNeighbours<Guide> | null> {
  return withNeighbours(await source.guides(lang), slug);
}

/**
 * A generic page: the API's page call, or, when that fails, the same page from the pages list (which
 * the server warms at start), so terms and privacy stay readable while the API is down.
 */
export async function getPage(lang: Language, slug: string): Promise<Page | null> {
  try {
    return (await source.page(slug, lang))[0] ?? null;
  } catch (error) {
    const fromList = (await source.pages(lang).catch(() => null))?.find((page) => page.slug === slug);
    if (fromList) return fromList;
    throw error;
  }
}

export function getVacancies(lang: Language): Promise<Vacancy[]> {
  return source.vacancies(lang);
}

export async function getVacancy(lang: Language, slug: string): Promise<Vacancy | null> {
  const list = await source.vacancies(lang);
  return list[positionOf(list, slug)] ?? null;
}

/** The FAQ is the site's own catalogue (spec 3), read from `content/faq` in both modes. */
export function getFaq(lang: Language): FaqItem[] {
  return localContent(lang).faq;
}

export type FaqSection = { category: FaqCategory; items: FaqItem[] };

/** The questions in page order (section by section), computed once per version of the FAQ. */
export function getFaqOrdered(lang: Language): readonly FaqItem[] {
  return derivedOnce(getFaq(lang), 'ordered', (faq) => faqCategories.flatMap((category) => faq.filter((item) => item.category === category)));
}

/** Questions in their sections, in page order (the sections without any left out). */
export function faqSections(items: readonly FaqItem[]): FaqSection[] {
  return faqCategories.map((category) => ({ category, items: items.filter((item) => item.category === category) })).filter((section) => section.items.length > 0);
}

/**
 * The questions matching a query, in page order: at most SEARCH_RESULTS_MAX of them (`total` says how
 * many matched). Searched in texts normalized once per FAQ version (lib/content/indexes.ts).
 */
export function searchFaq(lang: Language, query: string | undefined | null): { sections: FaqSection[]; total: number } {
  const { items, total } = searchList(getFaqOrdered(lang), 'question+answer', (item) => [item.question, item.answer], cleanQuery(query), SEARCH_RESULTS_MAX);
  return { sections: faqSections(items), total };
}

/** A question with the one before and after it, across sections, in page order. */
export function getFaqItem(lang: Language, slug: string): WithNeighbours<FaqItem> | null {
  return withNeighbours(getFaqOrdered(lang), slug);
}

/** Fetch pages, guides and articles (in that order, spec 7) for every language; ignore failures. */
export async function warmContent(): Promise<void> {
  try {
    preloadLocalContent(); // the FAQ is always local
  } catch (error) {
    logger('content').error({ event: 'content.warm_failed', err: error }, 'embedded content failed to load');
  }
  for (const kind of ['pages', 'guides', 'articles'] as const) {
    await Promise.all(languages.map((lang) => source[kind](lang).catch(() => undefined)));
  }
}
