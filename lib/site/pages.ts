import { contentItems, derivedOnce, getFaqOrdered } from '@/lib/content';
import { isoDate } from '@/lib/content/format';
import { contentLanguage, editionOf, type CountryCode, type Language, type Locale } from '@/lib/i18n/editions';
import { companiesIn } from '@/lib/payments';
import { indexablePaths, pageState as routeState, type Item, type ItemSource, type Lists, type PageState, type Scope } from '@/lib/routes';

/**
 * The route registry (lib/routes.ts) answered with the site's own lists: the content (embedded or
 * remote), the FAQ and the company catalogue. The proxy, the edition chooser and the sitemap use it.
 * A company exists only in the editions of its own country (its address, lib/payments/catalogue.ts):
 * elsewhere its page is the 404, and the sitemap does not list it.
 */
const lists: Lists = async (source, { lang, country }) => {
  // Each derived once per version of its list (the proxy asks on every request): the same items object
  // until the content changes, which is also what the sitemap's paths below are remembered by.
  if (source === 'companies') return derivedOnce(companiesIn(country as CountryCode), 'items', (companies) => companies.map((company) => ({ slug: company.slug, modified: isoDate(company.updated_at) })));
  if (source === 'faq') return derivedOnce(getFaqOrdered(lang as Language), 'items', (faq) => faq.map((item) => ({ slug: item.slug, modified: isoDate(item.updated_at) })));
  return contentItems(source, lang as Language);
};

/** The scope of an edition: its content language and its country. */
export function scopeOf(locale: Locale): Scope {
  return { lang: contentLanguage(locale), country: editionOf(locale).country };
}

/** Does this page exist in this edition, or does it need content that cannot be had now? */
export function pageState(locale: Locale, path: string): Promise<PageState> {
  return routeState(path, scopeOf(locale), lists);
}

/** Does this page exist in this edition? (a page that is only unavailable now counts as existing) */
export async function pathExists(locale: Locale, path: string): Promise<boolean> {
  return (await pageState(locale, path)) !== 'missing';
}

const itemSources: readonly ItemSource[] = ['articles', 'guides', 'vacancies', 'pages', 'faq', 'companies'];
type Paths = Awaited<ReturnType<typeof indexablePaths>>;
/** Per edition: the lists its paths were made from, and the paths. */
const remembered = new Map<Locale, { inputs: readonly (readonly Item[] | null)[]; paths: Paths }>();

/**
 * Every indexable path of an edition, with its last change where known: made once per version of its
 * lists (the same list objects give the same paths), not on every request of a sitemap file.
 */
export async function indexablePathsOf(locale: Locale): Promise<Paths> {
  const scope = scopeOf(locale);
  const inputs = await Promise.all(itemSources.map((source) => lists(source, scope)));
  const kept = remembered.get(locale);
  if (kept && kept.inputs.every((list, i) => list === inputs[i])) return kept.paths;
  const paths = await indexablePaths(scope, async (source) => inputs[itemSources.indexOf(source)] ?? null);
  // A list that cannot be had now (null) is not remembered: the next request asks again.
  if (inputs.every((list) => list !== null)) remembered.set(locale, { inputs, paths });
  return paths;
}
