import { formatContentDate, isoDate } from './format';
import type { Guide } from './schemas';
import type { Locale } from '@/lib/i18n/editions';
import { localizedPath } from '@/lib/i18n/locale';

/** What a guide list shows, ready to render on the server or in the search island. */
export type GuideListItem = { slug: string; href: string; title: string; summary: string; updated: string; updatedIso: string };

export function guideListItems(guides: readonly Guide[], locale: Locale): GuideListItem[] {
  return guides.map((guide) => ({
    slug: guide.slug,
    href: localizedPath(locale, `/guides/${guide.slug}`),
    title: guide.title,
    summary: guide.summary,
    updated: formatContentDate(guide.updated_at, locale),
    updatedIso: isoDate(guide.updated_at),
  }));
}

/** Whether an answer of /api/search/guides has the shape the search island shows (it is not trusted blindly). */
export function isGuideList(value: unknown): value is GuideListItem[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item: Record<string, unknown>) =>
        item !== null && typeof item === 'object' && ['slug', 'href', 'title', 'summary', 'updated', 'updatedIso'].every((key) => typeof item[key] === 'string'),
    )
  );
}
