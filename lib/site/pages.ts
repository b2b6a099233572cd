import { contentItems, getFaq } from '@/lib/content';
import { isoDate } from '@/lib/content/format';
import { contentLanguage, type Language, type Locale } from '@/lib/i18n/editions';
import { companySlugs, getCompany } from '@/lib/payments';
import { indexablePaths, pageState as routeState, type Lists, type PageState } from '@/lib/routes';

/**
 * The route registry (lib/routes.ts) answered with the site's own lists: the content (embedded or
 * remote), the FAQ and the company catalogue. The proxy, the edition chooser and the sitemap use it.
 */
const lists: Lists = async (source, lang) => {
  if (source === 'companies') return companySlugs.map((slug) => ({ slug, modified: isoDate(getCompany(slug)!.updated_at) }));
  if (source === 'faq') return getFaq(lang as Language).map((item) => ({ slug: item.slug, modified: isoDate(item.updated_at) }));
  return contentItems(source, lang as Language);
};

/** Does this page exist in this edition, or does it need content that cannot be had now? */
export function pageState(locale: Locale, path: string): Promise<PageState> {
  return routeState(path, contentLanguage(locale), lists);
}

/** Does this page exist in this edition? (a page that is only unavailable now counts as existing) */
export async function pathExists(locale: Locale, path: string): Promise<boolean> {
  return (await pageState(locale, path)) !== 'missing';
}

/** Every indexable path of a content language, with its last change where known. */
export function indexablePathsOf(lang: Language): ReturnType<typeof indexablePaths> {
  return indexablePaths(lang, lists);
}
