import { contentExists, faqExists } from '@/lib/content/exists';
import { isCompanySlug } from '@/lib/payments/catalogue';
import { contentLanguage, type Locale } from './editions';

/**
 * Which paths exist in an edition. The proxy sends every other path to the server-rendered 404 page
 * (Next 16.3+ renders `notFound()` from a page as an empty client-only shell, vercel/next.js#62228),
 * and the edition chooser falls back to the home page for them.
 */
export const staticPaths = [
  '/', '/about', '/business', '/blog', '/guides', '/faq', '/careers', '/ask-question', '/business-start-form', '/form-success',
] as const;

type DynamicRoute = { pattern: RegExp; exists: (locale: Locale, match: RegExpMatchArray) => boolean | Promise<boolean> };

/** Content routes add an entry here: a path pattern and how to tell whether the item exists. */
const dynamicRoutes: DynamicRoute[] = [
  { pattern: /^\/blog\/([a-z0-9-]+)$/, exists: (locale, m) => contentExists('articles', contentLanguage(locale), m[1]!) },
  { pattern: /^\/guides\/([a-z0-9-]+)$/, exists: (locale, m) => contentExists('guides', contentLanguage(locale), m[1]!) },
  { pattern: /^\/careers\/([a-z0-9-]+)$/, exists: (locale, m) => contentExists('vacancies', contentLanguage(locale), m[1]!) },
  { pattern: /^\/faq\/([a-z0-9-]+)$/, exists: (locale, m) => faqExists(contentLanguage(locale), m[1]!) },
  { pattern: /^\/companies\/([a-z0-9-]+)$/, exists: (_locale, m) => isCompanySlug(m[1]!) },
  // A payment's checkout (and the provider's return); the page itself answers 404 for an unknown id.
  { pattern: /^\/checkout\/[0-9a-f-]{36}(\/return)?$/, exists: () => true },
  // The catch-all generic page (terms-and-conditions, contacts, ...) comes last.
  { pattern: /^\/([a-z0-9-]+)$/, exists: (locale, m) => contentExists('pages', contentLanguage(locale), m[1]!) },
];

export async function pathExists(locale: Locale, path: string): Promise<boolean> {
  const normalized = path.replace(/\/+$/, '') || '/';
  if ((staticPaths as readonly string[]).includes(normalized)) return true;
  for (const route of dynamicRoutes) {
    const match = normalized.match(route.pattern);
    if (match) return route.exists(locale, match);
  }
  return false;
}

/** An internal path that matches no route, so Next renders app/global-not-found.tsx with status 404. */
export function missingPagePath(locale: Locale): string {
  return `/${locale}/_missing/_missing`;
}
