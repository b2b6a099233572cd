import { expect, test } from './fixtures';
import { editionOfPath, pathInEdition } from '@/lib/i18n/locale';
import { matchRoute } from '@/lib/routes';
import { editions, expectNoAxeViolations, sitemapText, watchProblems } from './helpers';

/**
 * axe with all its rules (experimental ones included) on every route: one page of each route from the
 * sitemap (one article, one guide, one company, ...) plus the form confirmation and the 404 page, with no
 * script error or CSP refusal on the way. The checkout and the forms in their error states are checked
 * by their own tests, and every edition's home page by e2e/pages.spec.ts.
 *
 * Each route in one edition, turning with its place in the route list (edition i of the table: over the
 * routes every edition, country and language about equally): axe costs 5-7 s a page, and all nine
 * editions' 110 pages took a third of the browser suite. `A11Y_EDITIONS=all` (scripts/test-matrix.sh)
 * checks every route in all nine.
 */
const everyEdition = process.env.A11Y_EDITIONS === 'all';
test.describe.configure({ mode: 'parallel' });

type RoutePage = { route: string; path: string };
let byEdition: Map<string, RoutePage[]> | undefined;
let routeOrder: string[] = [];

/** One page of each route of the edition (sitemap order), with the form confirmation and the 404 page. */
async function pagesOf(prefix: string, baseURL: string): Promise<RoutePage[]> {
  if (!byEdition) {
    const xml = await sitemapText(async (path) => (await fetch(`${baseURL}${path}`)).text());
    byEdition = new Map();
    const routes = new Set<string>();
    for (const [, url] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const path = new URL(url!).pathname;
      const edition = editionOfPath(path);
      const route = matchRoute(pathInEdition(path))?.route.path;
      if (!edition || !route) continue;
      const pages = byEdition.get(edition.prefix) ?? [];
      if (pages.some((page) => page.route === route)) continue;
      byEdition.set(edition.prefix, [...pages, { route, path }]);
      routes.add(route);
    }
    routeOrder = [...routes, 'form-success', 'not-found'];
  }
  return [...(byEdition.get(prefix) ?? []), { route: 'form-success', path: `/${prefix}/form-success` }, { route: 'not-found', path: `/${prefix}/no-such-page` }];
}

/**
 * Does the edition at `editionIndex` check the route? The one at the route's place in the route list,
 * counted among the editions that have the route (a company's page exists in its own country's only).
 */
function checks(route: string, editionIndex: number): boolean {
  if (everyEdition) return true;
  const having = editions.map((edition, index) => ({ edition, index })).filter(({ edition }) => route === 'form-success' || route === 'not-found' || byEdition?.get(edition.prefix)?.some((page) => page.route === route));
  return having[routeOrder.indexOf(route) % having.length]?.index === editionIndex;
}

// With every edition, each edition's routes in three parts (every third one): a test stays well within
// its time on a busy two-core machine, and the two workers share the editions evenly.
const PARTS = everyEdition ? 3 : 1;
editions.forEach((edition, editionIndex) => {
  for (let part = 0; part < PARTS; part++) {
    test(`the routes of /${edition.prefix} it checks pass axe with all rules (part ${part + 1} of ${PARTS})`, async ({ page, baseURL }) => {
      test.setTimeout(180_000);
      const problems = await watchProblems(page);
      const all = await pagesOf(edition.prefix, baseURL!);
      expect(all.length).toBeGreaterThanOrEqual(16);
      const mine = all.filter((page) => checks(page.route, editionIndex)).filter((_, i) => i % PARTS === part);
      expect(mine.length, 'each edition checks some routes').toBeGreaterThan(0);
      const failures: string[] = [];
      for (const { path } of mine) {
        await page.goto(path);
        try {
          await expectNoAxeViolations(page);
        } catch (error) {
          failures.push(`${path}: ${(error as Error).message.split('\n').filter((line) => /^\s*[-+]\s+"/.test(line)).join(' ')}`);
        }
      }
      expect(failures).toEqual([]);
      expect(problems).toEqual([]);
    });
  }
});

test('every route is checked in one edition, and the editions share the routes', async ({ baseURL }) => {
  test.skip(everyEdition, 'all nine editions check every route');
  const routesOf = new Map<string, Set<string>>();
  for (const edition of editions) routesOf.set(edition.prefix, new Set((await pagesOf(edition.prefix, baseURL!)).map((page) => page.route)));
  expect(routeOrder.length).toBeGreaterThanOrEqual(16);
  for (const route of routeOrder) {
    const by = editions.filter((edition, i) => checks(route, i) && routesOf.get(edition.prefix)!.has(route));
    expect(by, route).toHaveLength(1);
  }
  // Over the routes, every language is checked somewhere.
  const checked = new Set(routeOrder.flatMap((route) => editions.filter((edition, i) => checks(route, i)).map((edition) => edition.locale.split('-')[0])));
  expect(checked.size).toBe(5);
});
