/**
 * Every route of `app/`, once: the pages and files of the editions (`app/[locale]/`, `routes`) and the
 * route handlers outside them (`handlers`: the APIs, the test provider's page, robots.txt, the sitemap),
 * each with the methods it answers, the body each may carry and whether the page cache may keep it. The
 * proxy asks it which paths exist (everything else is the server-rendered 404) and which pages may be
 * kept, server.ts's body limits read the methods and bodies (lib/http/body-rule.ts), the sitemap lists
 * its indexable routes, and the header and footer take the main navigation from it. tests/routes.test.ts
 * walks `app/` and fails when a route file and this table disagree, either way: adding a page or an API
 * is a file and one line here.
 *
 * It knows no content module: whether `/blog/x` exists is asked of the lists the caller hands in. Erasable
 * TypeScript with relative imports only: server.ts, run by Node without a compiler, loads it too.
 */
import { CSP_REPORT_MAX_BYTES, CV_POST_MAX_BYTES, FORM_POST_MAX_BYTES, LIST_PAGE_ITEMS, SMALL_POST_MAX_BYTES } from './limits.ts';

/** Where a dynamic route's items come from. */
export type ItemSource = 'articles' | 'guides' | 'vacancies' | 'pages' | 'faq' | 'companies';
/** One item of a list: its slug and, where known, the ISO date it last changed. */
export type Item = { slug: string; modified?: string };
/** Where a list is read: a content language, and the edition's country (the companies are per country). */
export type Scope = { lang: string; country: string };
/** How to read a list in a scope (the caller decides: cached, remote or embedded); `null` when it cannot be known now. */
export type Lists = (source: ItemSource, scope: Scope) => Promise<readonly Item[] | null>;
/** The lists that are shown a page at a time (`/blog`, then `/blog/page/2` …), each page LIST_PAGE_ITEMS long. */
export type PagedSource = keyof typeof LIST_PAGE_ITEMS;

/** The methods a route may answer. */
export type Method = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * The methods a route answers, each with the largest body it takes, in bytes (lib/limits.ts). server.ts
 * answers any other method 405 before a byte of its body is read.
 */
export type Methods = Readonly<Partial<Record<Method, number>>>;

/** A page: read, and posted to by its own forms (server actions), which carry text fields only. */
export const PAGE_METHODS: Methods = { GET: 0, HEAD: 0, POST: FORM_POST_MAX_BYTES };
/** A file of an edition (the RSS feed, a receipt): read only. */
const FILE: Methods = { GET: 0, HEAD: 0 };
/** An API that is read only (OPTIONS: Next answers a preflight itself). */
const READ: Methods = { GET: 0, HEAD: 0, OPTIONS: 0 };
/** A small form post of the API (consent, pay, cancel, revalidate). */
const SMALL: Methods = { POST: SMALL_POST_MAX_BYTES, OPTIONS: 0 };
/** A JSON form endpoint (lib/submissions/api.ts reads at most FORM_POST_MAX_BYTES). */
const JSON_FORM: Methods = { POST: FORM_POST_MAX_BYTES, OPTIONS: 0 };

export type Route = {
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
  /** A further page of a list (`/blog/page/[page]`): pages 2 … n of this list exist (page 1 is the list's own path). */
  pagesOf?: PagedSource;
  /** An indexable page whose text lives in the catalogues: the ISO date that text last changed (the
   *  sitemap's lastmod; never the build time). Change it with the page's texts. */
  modified?: string;
  /** The page cache of server.ts may keep its HTML and serve it again with a fresh nonce: it shows nothing
   *  of the visitor (a form page is its empty form; its results are POST answers, never kept). */
  cacheable: boolean;
  /** Its methods and bodies when not a page's (PAGE_METHODS): a route handler's. */
  methods?: Methods;
  /** A form with a file posts here: the largest multipart body (a job application with its CV). */
  multipart?: number;
};

const SLUG = '[a-z0-9]+(?:-[a-z0-9]+)*';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const routes = [
  { path: '/', index: true, modified: '2026-11-25', cacheable: true },
  { path: '/about', index: true, modified: '2026-11-25', cacheable: true },
  { path: '/business', index: true, modified: '2026-11-25', cacheable: true },
  { path: '/blog', index: true, latestOf: 'articles', cacheable: true },
  { path: '/blog/[slug]', index: true, items: 'articles', cacheable: true },
  { path: '/blog/page/[page]', index: true, pagesOf: 'articles', cacheable: true },
  { path: '/blog/rss.xml', index: false, cacheable: false, methods: FILE },
  { path: '/guides', index: true, latestOf: 'guides', cacheable: true },
  { path: '/guides/[slug]', index: true, items: 'guides', cacheable: true },
  { path: '/guides/page/[page]', index: true, pagesOf: 'guides', cacheable: true },
  { path: '/faq', index: true, latestOf: 'faq', cacheable: true },
  { path: '/faq/[slug]', index: true, items: 'faq', cacheable: true },
  { path: '/faq/page/[page]', index: true, pagesOf: 'faq', cacheable: true },
  { path: '/careers', index: true, latestOf: 'vacancies', cacheable: true },
  { path: '/careers/[slug]', index: true, items: 'vacancies', cacheable: true, multipart: CV_POST_MAX_BYTES },
  { path: '/careers/page/[page]', index: true, pagesOf: 'vacancies', cacheable: true },
  { path: '/ask-question', index: true, modified: '2026-11-25', cacheable: true },
  { path: '/business-start-form', index: true, modified: '2026-11-25', cacheable: true },
  { path: '/form-success', index: false, cacheable: false },
  // Served by the proxy in place of a page whose content cannot be had now (status 503).
  { path: '/unavailable', index: false, cacheable: false },
  { path: '/companies/[company]', index: true, items: 'companies', cacheable: true },
  { path: '/checkout/[payment]', index: false, param: UUID, cacheable: false },
  { path: '/checkout/[payment]/return', index: false, param: UUID, cacheable: false, methods: FILE },
  // A paid payment's receipt as a standalone printable page ("Save receipt").
  { path: '/checkout/[payment]/receipt', index: false, param: UUID, cacheable: false, methods: FILE },
  // The catch-all generic page (terms, privacy, cookie policy, contacts) is matched last.
  { path: '/[slug]', index: true, items: 'pages', cacheable: true },
] as const satisfies readonly Route[];

export type RoutePath = (typeof routes)[number]['path'];

/** A route handler outside the editions: its path, the methods it answers and the body each takes. */
export type HandlerRoute = {
  path: string;
  methods: Methods;
  /** The file that answers it, when not `app<path>/route.ts` (or `.tsx`): a metadata route of Next's. */
  file?: string;
};

/**
 * Every route handler outside app/[locale] (never kept by the page cache). An /api path not listed
 * takes a body of up to FORM_POST_MAX_BYTES with any method, and Next answers as it does (a 404).
 */
export const handlers = [
  { path: '/api/health', methods: READ },
  { path: '/api/health/ready', methods: READ },
  { path: '/api/og', methods: READ },
  { path: '/api/search/guides', methods: READ },
  { path: '/api/site/articles', methods: READ },
  { path: '/api/site/guides', methods: READ },
  { path: '/api/site/pages', methods: READ },
  { path: '/api/site/vacancies', methods: READ },
  { path: '/api/site/page/[slug]', methods: READ },
  { path: '/api/site/find-guide/[text]', methods: READ },
  { path: '/api/site/ask-question', methods: JSON_FORM },
  { path: '/api/site/business-start', methods: JSON_FORM },
  { path: '/api/consent', methods: SMALL },
  // Browsers' CSP violation reports (lib/observability/csp-report.ts), sent without a preflight.
  { path: '/api/csp-report', methods: { POST: CSP_REPORT_MAX_BYTES } },
  { path: '/api/payments/cancel', methods: SMALL },
  { path: '/api/payments/pay', methods: SMALL },
  // The payment provider's notifications: server.ts keeps a reserve of its body budget for them.
  { path: '/api/payments/notify', methods: { POST: SMALL_POST_MAX_BYTES } },
  { path: '/api/payments/notify/[provider]', methods: { POST: SMALL_POST_MAX_BYTES } },
  { path: '/api/revalidate', methods: SMALL },
  // The embedded test provider's hosted page and its card form (lib/payments/test-provider).
  { path: '/test-provider/[session]', methods: PAGE_METHODS },
  { path: '/robots.txt', methods: FILE, file: 'app/robots.ts' },
  // The sitemap index and its per-edition files (the sitemaps protocol's 50,000 URLs and 50 MB a file).
  { path: '/sitemap.xml', methods: FILE },
  { path: '/sitemaps/[file]', methods: FILE },
] as const satisfies readonly HandlerRoute[];

/** The path of the payment provider's notifications (and the endpoints under it). */
export const NOTIFY_PATH = '/api/payments/notify';

const handlerPatterns = (handlers as readonly HandlerRoute[]).map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/[.]/g, '\\.').replace(/\[[^\]]+\]/g, '[^/]+')}$`),
}));

/** The route handler outside the editions a path (without query or trailing slash) belongs to. */
export function matchHandler(path: string): HandlerRoute | null {
  return handlerPatterns.find(({ pattern }) => pattern.test(path))?.route ?? null;
}

/** May server.ts's page cache keep this route's HTML? (the proxy marks the answers it may keep) */
export function isCacheableRoute(routePath: string | undefined): boolean {
  return (routes as readonly Route[]).some((route) => route.path === routePath && route.cacheable);
}

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
export async function pageState(path: string, scope: Scope, lists: Lists): Promise<PageState> {
  const match = matchRoute(path);
  if (!match) return 'missing';
  const { route, param } = match;
  const needs = route.items ?? route.latestOf ?? route.pagesOf;
  if (!needs) return 'exists';
  const items = await lists(needs, scope);
  if (items === null) return 'unavailable';
  if (route.pagesOf) return isFurtherPage(param, pageCount(route.pagesOf, items.length)) ? 'exists' : 'missing';
  return !route.items || (param !== null && slugsOf(items).has(param)) ? 'exists' : 'missing';
}

/** The slugs of a list as a set, made once per list object (the lists hand out the same object until their content changes). */
const slugSets = new WeakMap<readonly Item[], ReadonlySet<string>>();
function slugsOf(items: readonly Item[]): ReadonlySet<string> {
  let slugs = slugSets.get(items);
  if (!slugs) slugSets.set(items, (slugs = new Set(items.map((item) => item.slug))));
  return slugs;
}

/** How many pages a list of `count` items takes (at least one: an empty list is one empty page). */
export function pageCount(source: PagedSource, count: number): number {
  return Math.max(1, Math.ceil(count / LIST_PAGE_ITEMS[source]));
}

/** A page number in a path (`/blog/page/2`): 2 … count, written without leading zeros (page 1 is the list itself: one address per page). */
function isFurtherPage(param: string | null, count: number): boolean {
  if (!param || !/^[1-9][0-9]*$/.test(param)) return false;
  const page = Number(param);
  return page >= 2 && page <= count;
}

/** The path of a list's page: `/blog` for page 1, `/blog/page/2` after it. */
export function listPagePath(listPath: string, page: number): string {
  return page <= 1 ? listPath : `${listPath}/page/${page}`;
}

/** The items of one page of a list (1-based), and how many pages there are. */
export function pageOf<T>(source: PagedSource, items: readonly T[], page: number): { items: T[]; page: number; pages: number } {
  const size = LIST_PAGE_ITEMS[source];
  const pages = pageCount(source, items.length);
  return { items: items.slice((page - 1) * size, page * size), page, pages };
}

const newest = (items: readonly Item[] | null) =>
  items?.map((item) => item.modified).filter((date): date is string => Boolean(date)).sort().at(-1);

/** Every indexable path in a scope (a language in one country's editions), with the date it last changed where known. */
export async function indexablePaths(scope: Scope, lists: Lists): Promise<{ path: string; modified?: string }[]> {
  const paths: { path: string; modified?: string }[] = [];
  for (const route of routes as readonly Route[]) {
    if (!route.index) continue;
    if (route.pagesOf) {
      const items = (await lists(route.pagesOf, scope)) ?? [];
      const modified = newest(items);
      for (let page = 2; page <= pageCount(route.pagesOf, items.length); page++) paths.push({ path: route.path.replace('[page]', String(page)), modified });
      continue;
    }
    if (!route.items) {
      paths.push({ path: route.path, modified: route.latestOf ? newest(await lists(route.latestOf, scope)) : route.modified });
      continue;
    }
    for (const item of (await lists(route.items, scope)) ?? []) paths.push({ path: route.path.replace(/\[[^\]]+\]/, item.slug), modified: item.modified });
  }
  return paths;
}
