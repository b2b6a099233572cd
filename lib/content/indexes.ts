// Lookups over a content list, built once per content version (per list object) instead of per request.
import { htmlToText } from './format';
import { normalizeText } from './search';

/**
 * A list object stands for one version of the content: the embedded lists live as long as the process,
 * and the remote source hands out the same parsed list until the API's answer changes
 * (lib/content/remote.ts). So a WeakMap keyed by the list holds each index exactly as long as the
 * version it was built for, and a new version builds its own on first use.
 */
type Index = { positions: Map<string, number>; haystacks: Map<string, string[]> };
const indexes = new WeakMap<readonly object[], Index>();

function indexOf(list: readonly object[]): Index {
  let index = indexes.get(list);
  if (!index) {
    index = { positions: new Map(), haystacks: new Map() };
    list.forEach((item, position) => index!.positions.set((item as { slug: string }).slug, position));
    indexes.set(list, index);
  }
  return index;
}

/** The position of the item with this slug in the list, or -1: a map lookup, not a scan. */
export function positionOf<T extends { slug: string }>(list: readonly T[], slug: string): number {
  return indexOf(list).positions.get(slug) ?? -1;
}

/**
 * The items whose fields (`key` names the fields' choice, e.g. 'question+answer') contain every word of
 * the query, at most `max` of them, and how many matched in all. The fields are reduced to plain,
 * normalized text once per list version; a search then only looks for the words in those texts.
 */
export function searchList<T>(list: readonly T[], key: string, fields: (item: T) => readonly string[], query: string, max: number): { items: T[]; total: number } {
  const words = normalizeText(query).split(' ').filter(Boolean);
  if (words.length === 0) return { items: list.slice(0, max), total: list.length };
  const index = indexOf(list as readonly object[]);
  let haystacks = index.haystacks.get(key);
  if (!haystacks) {
    haystacks = list.map((item) => normalizeText(fields(item).map(htmlToText).join(' \n ')));
    index.haystacks.set(key, haystacks);
  }
  const items: T[] = [];
  let total = 0;
  haystacks.forEach((haystack, position) => {
    if (!words.every((word) => haystack.includes(word))) return;
    total++;
    if (items.length < max) items.push(list[position]!);
  });
  return { items, total };
}

/** A derived list (the FAQ in page order), computed once per version of its source list. */
const derived = new WeakMap<readonly object[], Map<string, unknown>>();
export function derivedOnce<T, R>(list: readonly T[], key: string, make: (list: readonly T[]) => R): R {
  let byKey = derived.get(list as readonly object[]);
  if (!byKey) derived.set(list as readonly object[], (byKey = new Map()));
  if (!byKey.has(key)) byKey.set(key, make(list));
  return byKey.get(key) as R;
}
