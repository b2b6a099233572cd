import { editionByPrefix, editions, type Locale } from '@/lib/i18n/editions';
import { SITEMAP_URLS_PER_FILE } from '@/lib/limits';
import { routes } from '@/lib/routes';
import { indexablePathsOf } from '@/lib/site/pages';
import { env } from '@/lib/env';
import { alternates, pageUrl } from './metadata';

/**
 * The sitemap as the sitemaps protocol wants it past one file's limits (50,000 URLs, 50 MB): `/sitemap.xml`
 * is an index (robots.txt names it) of per-edition files `/sitemaps/{prefix}-{n}.xml`, each at most
 * SITEMAP_URLS_PER_FILE URLs. Every URL carries the hreflang alternates of the editions it exists in
 * (all nine for content; a company's country's three for its page).
 */

/** A path of one edition with the date it last changed (missing: unknown) and the editions it exists in. */
export type SitePath = { path: string; modified?: string; editions: Locale[] };

/** The indexable pages that are not items of a list (home, about, the list pages, the forms). */
export const staticSitePaths: string[] = routes.filter((r) => r.index && !('items' in r) && !('pagesOf' in r)).map((r) => r.path);

let remembered: { inputs: readonly object[]; value: Map<Locale, SitePath[]> } | null = null;

/**
 * Every indexable path of every edition, each with the editions that have it: made once per version of
 * the editions' paths (lib/site/pages.ts hands out the same objects until the content changes), so a
 * request of one sitemap file costs that file's XML, not a walk over the whole site.
 */
export async function sitePaths(): Promise<Map<Locale, SitePath[]>> {
  const inputs = await Promise.all(editions.map(({ locale }) => indexablePathsOf(locale)));
  if (remembered && remembered.inputs.every((paths, i) => paths === inputs[i])) return remembered.value;
  const where = new Map<string, Locale[]>();
  editions.forEach(({ locale }, i) => {
    for (const { path } of inputs[i]!) {
      const found = where.get(path);
      if (found) found.push(locale);
      else where.set(path, [locale]);
    }
  });
  const value = new Map(editions.map(({ locale }, i) => [locale, inputs[i]!.map((p) => ({ ...p, editions: where.get(p.path)! }))]));
  remembered = { inputs, value };
  return value;
}

const xml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The files of the index: per edition, as many as its URLs need (at least one). */
const filesOf = new WeakMap<Map<Locale, SitePath[]>, { name: string; modified?: string }[]>();
export async function sitemapFiles(): Promise<{ name: string; modified?: string }[]> {
  const all = await sitePaths();
  let files = filesOf.get(all);
  if (!files) filesOf.set(all, (files = filesIn(all)));
  return files;
}

function filesIn(all: Map<Locale, SitePath[]>): { name: string; modified?: string }[] {
  return editions.flatMap(({ locale, prefix }) => {
    const paths = all.get(locale) ?? [];
    const count = Math.max(1, Math.ceil(paths.length / SITEMAP_URLS_PER_FILE));
    return Array.from({ length: count }, (_, i) => {
      const part = paths.slice(i * SITEMAP_URLS_PER_FILE, (i + 1) * SITEMAP_URLS_PER_FILE);
      // ISO dates: the newest is the greatest string (no sort of the whole file's dates).
      const modified = part.reduce<string | undefined>((newest, p) => (p.modified && (!newest || p.modified > newest) ? p.modified : newest), undefined);
      return { name: `${prefix}-${i + 1}.xml`, modified };
    });
  });
}

export function sitemapFileUrl(name: string): string {
  return `${env.NEXT_PUBLIC_SITE_URL}/sitemaps/${name}`;
}

/** `/sitemap.xml`: the index. */
export async function sitemapIndexXml(): Promise<string> {
  const entries = (await sitemapFiles())
    .map((file) => `<sitemap><loc>${xml(sitemapFileUrl(file.name))}</loc>${file.modified ? `<lastmod>${file.modified}</lastmod>` : ''}</sitemap>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
}

/** The edition and part a file name names (`lv-lv-2.xml`), or null. */
export function parseSitemapName(name: string): { locale: Locale; part: number } | null {
  const match = /^([a-z]{2}-[a-z]{2})-([1-9][0-9]*)\.xml$/.exec(name);
  const edition = match && editionByPrefix(match[1]!);
  return edition ? { locale: edition.locale, part: Number(match![2]) } : null;
}

/** The entries of one file: its edition's paths `part` of them (1-based); null past the last file. */
export async function sitemapPart(locale: Locale, part: number): Promise<SitePath[] | null> {
  const paths = (await sitePaths()).get(locale) ?? [];
  const slice = paths.slice((part - 1) * SITEMAP_URLS_PER_FILE, part * SITEMAP_URLS_PER_FILE);
  return slice.length > 0 || part === 1 ? slice : null;
}

/** One file of the index, with xhtml:link alternates per URL. */
export function sitemapFileXml(locale: Locale, paths: readonly SitePath[]): string {
  const urls = paths.map(({ path, modified, editions: among }) => {
    const links = Object.entries(alternates(path, among))
      .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${xml(lang)}" href="${xml(href)}"/>`)
      .join('');
    return `<url><loc>${xml(pageUrl(locale, path))}</loc>${links}${modified ? `<lastmod>${modified}</lastmod>` : ''}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

