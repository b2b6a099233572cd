import type { MetadataRoute } from 'next';
import { getArticles, getFaq, getGuides, getPages, getVacancies } from '@/lib/content';
import { isoDate } from '@/lib/content/format';
import { editions, languages, type Language } from '@/lib/i18n/editions';
import { companySlugs } from '@/lib/payments/catalogue';
import { alternates, pageUrl } from './metadata';

/** A path of the site with the date it last changed in each language (null: unknown). */
export type SitePath = { path: string; modified: Partial<Record<Language, string>> };

/** Pages with no content date of their own; forms' confirmations and checkouts are left out on purpose. */
export const staticSitePaths = ['/', '/about', '/business', '/blog', '/guides', '/faq', '/careers', '/ask-question', '/business-start-form'];

/** Every indexable path of the site, with last-modified dates from the content, per language. */
export async function sitePaths(): Promise<SitePath[]> {
  const byPath = new Map<string, SitePath>();
  const add = (path: string, lang: Language, date?: string) => {
    const entry = byPath.get(path) ?? { path, modified: {} };
    if (date) entry.modified[lang] = isoDate(date);
    byPath.set(path, entry);
  };
  for (const lang of languages) {
    const [articles, guides, pages, vacancies] = await Promise.all([getArticles(lang), getGuides(lang), getPages(lang), getVacancies(lang)]);
    for (const path of staticSitePaths) add(path, lang);
    for (const a of articles) add(`/blog/${a.slug}`, lang, a.date);
    if (articles[0]) add('/blog', lang, articles[0].date);
    for (const g of guides) add(`/guides/${g.slug}`, lang, g.updated_at);
    for (const p of pages) add(`/${p.slug}`, lang, p.updated_at);
    for (const v of vacancies) add(`/careers/${v.slug}`, lang, v.date);
    for (const f of getFaq(lang)) add(`/faq/${f.slug}`, lang, f.updated_at);
    for (const slug of companySlugs) add(`/companies/${slug}`, lang);
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
