import type { Language } from '@/lib/i18n/editions';

/** The kinds of content the API serves; each is cached under one tag per language. */
export const contentKinds = ['pages', 'guides', 'articles', 'vacancies'] as const;
export type ContentKind = (typeof contentKinds)[number];

/** The one place tag names are made: `content:articles:en`. */
export function contentTag(kind: ContentKind, lang: Language): string {
  return `content:${kind}:${lang}`;
}
