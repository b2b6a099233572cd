import type { MetadataRoute } from 'next';
import { editions, languages, type Language } from '@/lib/i18n/editions';
import { routes } from '@/lib/routes';
import { indexablePathsOf } from '@/lib/site/pages';
import { alternates, pageUrl } from './metadata';

/** A path of the site with the date it last changed in each language (missing: unknown). */
export type SitePath = { path: string; modified: Partial<Record<Language, string>> };

/** The indexable pages that are not items of a list (home, about, the list pages, the forms). */
export const staticSitePaths: string[] = routes.filter((r) => r.index && !('items' in r)).map((r) => r.path);

/** Every indexable path of the site (lib/routes.ts), with last-modified dates from the content, per language. */
export async function sitePaths(): Promise<SitePath[]> {
  const byPath = new Map<string, SitePath>();
  for (const lang of languages) {
    for (const { path, modified } of await indexablePathsOf(lang)) {
      const entry = byPath.get(path) ?? { path, modified: {} };
      if (modified) entry.modified[lang] = modified;
      byPath.set(path, entry);
    }
  }
  return [...byPath.values()];
}

/** One entry per page and edition, each with its alternates in all nine editions. */
export function sitemapEntries(paths: SitePath[]): MetadataRoute.Sitemap {
  return paths.flatMap(({ path, modified }) =>
    editions.map((edition) => ({
      url: pageUrl(edition.locale, path),
      lastModified: modified[edition.language],
      alternates: { languages: alternates(path) },
    })),
  );
}
