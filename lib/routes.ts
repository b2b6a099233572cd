/**
 * Every route of `app/[locale]/`, once. The proxy asks it which paths exist (everything else is the
 * server-rendered 404), the sitemap lists its indexable routes, and the header and footer take the main
 * navigation from it. tests/routes.test.ts walks `app/[locale]/` and fails when a folder and this list
 * disagree: adding a page is a folder and one line here.
 *
 * It knows no content module: whether `/blog/x` exists is asked of the lists the caller hands in.
 */

/** Where a dynamic route's items come from. */
export type ItemSource = 'articles' | 'guides' | 'vacancies' | 'pages' | 'faq' | 'companies';
/** One item of a list: its slug and, where known, the ISO date it last changed. */
export type Item = { slug: string; modified?: string };
/** How to read a list in a content language (the caller decides: cached, remote or embedded); `null` when it cannot be known now. */
export type Lists = (source: ItemSource, lang: string) => Promise<readonly Item[] | null>;

type Route = {
  /** The folder under app/[locale], as a path: `/blog/[slug]`. */
  path: string;
  /** Listed in the sitemap and given hreflang alternates. */
  index: boolean;
  /** A dynamic route: the list whose slugs exist. */
  items?: ItemSource;
  /** A dynamic route that cannot be listed (a payment): the shape its parameter must have. */
  param?: RegExp;
  /** A list page: it changes when the newest item of this list does. */
  latestOf?: ItemSource;
  /** An indexable page whose text lives in the catalogues: the ISO date that text last changed (the
   *  sitemap's lastmod; never the build time). Change it with the page's texts. */
  modified?: string;
};

const SLUG = '[a-z0-9]+(?:-[a-z0-9]+)*';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const routes = [
  { path: '/', index: true, modified: '2026-11-25' },
  { path: '/about', index: true, modified: '2026-11-25' },
  { path: '/business', index: true, modified: '2026-11-25' },
  { path: '/blog', index: true, latestOf: 'articles' },
  { path: '/blog/[slug]', index: true, items: 'articles' },
  { path: '/blog/rss.xml', index: false },
  { path: '/guides', index: true, latestOf: 'guides' },
  { path: '/guides/[slug]', index: true, items: 'guides' },
  { path: '/faq', index: true, latestOf: 'faq' },
  { path: '/faq/[slug]', index: true, items: 'faq' },
  { path: '/careers', index: true, latestOf: 'vacancies' },
  { path: '/careers/[slug]', index: true, items: 'vacancies' },
  { path: '/ask-question', index: true, modified: '2026-11-25' },
  { path: '/business-start-form', index: true, modified: '2026-11-25' },
  { path: '/form-success', index: false },
  // Served by the proxy in place of a page whose content cannot be had now (status 503).
  { path: '/unavailable', index: false },
  { path: '/companies/[company]', index: true, items: 'companies' },
  { path: '/checkout/[payment]', index: false, param: UUID },
  { path: '/checkout/[payment]/return', index: false, param: UUID },
  // A paid payment's receipt as a standalone printable page ("Save receipt").
  { path: '/checkout/[payment]/receipt', index: false, param: UUID },
  // The catch-all generic page (terms, privacy, cookie policy, contacts) is matched last.
  { path: '/[slug]', index: true, items: 'pages' },
] as const satisfies readonly Route[];

export type RoutePath = (typeof routes)[number]['path'];

/** The main navigation, in order; keys are messages of the `Nav` namespace. */
export const mainNav = [
  { key: 'home', href: '/' },
  { key: 'business', href: '/business' },
  { key: 'about', href: '/about' },
  { key: 'blog', href: '/blog' },
  { key: 'careers', href: '/careers' },
  { key: 'faq', href: '/faq' },
  { key: 'guides', href: '/guides' },
  { key: 'contacts', href: '/contacts' },
] as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isDynamic = (route: Route) => route.path.includes('[');

/** Static routes first, then dynamic ones in the order above. */
const matchers = [...routes]
  .sort((a, b) => Number(isDynamic(a)) - Number(isDynamic(b)))
  .map((route: Route) => ({
    route,
    pattern: new RegExp(`^${route.path.split('/').map((part) => (part.startsWith('[') ? `(${SLUG}|[0-9a-f-]{36})` : escape(part))).join('/')}$`),
  }));

/** The route a path (without its edition prefix) belongs to, and its parameter. */
export function matchRoute(path: string): { route: Route; param: string | null } | null {
  const normalized = path.replace(/\/+$/, '') || '/';
  for (const { route, pattern } of matchers) {
    const match = normalized.match(pattern);
    if (!match) continue;
    const param = match[1] ?? null;
    if (route.param && !(param && route.param.test(param))) continue;
    return { route, param };
  }
  return null;
}

export type PageState = 'exists' | 'missing' | 'unavailable';

/**
 * Whether a page exists in a content language: its route is known and, if dynamic, its item is listed.
 * `unavailable` when the list it needs cannot be had now (the content API is down and this instance
 * has no copy of it).
 */
export async function pageState(path: string, lang: string, lists: Lists): Promise<PageState> {
  const match = matchRoute(path);
  if (!match) return 'missing';
  const { route, param } = match;
  const needs = route.items ?? route.latestOf;
  if (!needs) return 'exists';
  const items = await lists(needs, lang);
  if (items === null) return 'unavailable';
  return !route.items || items.some((item) => item.slug === param) ? 'exists' : 'missing';
}

const newest = (items: readonly Item[] | null) =>
  items?.map((item) => item.modified).filter((date): date is string => Boolean(date)).sort().at(-1);

/** Every indexable path in a content language, with the date it last changed where known. */
export async function indexablePaths(lang: string, lists: Lists): Promise<{ path: string; modified?: string }[]> {
  const paths: { path: string; modified?: string }[] = [];
  for (const route of routes as readonly Route[]) {
    if (!route.index) continue;
    if (!route.items) {
      paths.push({ path: route.path, modified: route.latestOf ? newest(await lists(route.latestOf, lang)) : route.modified });
      continue;
    }
    for (const item of (await lists(route.items, lang)) ?? []) paths.push({ path: route.path.replace(/\[[^\]]+\]/, item.slug), modified: item.modified });
  }
  return paths;
}
