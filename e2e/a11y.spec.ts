import { expect, test } from './fixtures';
import { editionOfPath, pathInEdition } from '@/lib/i18n/locale';
import { matchRoute } from '@/lib/routes';
import { A11Y_EDITIONS, editions, expectNoAxeViolations, watchProblems } from './helpers';

/**
 * axe with all its rules (experimental ones included) on every route: one page of each route from the
 * sitemap (one article, one guide, one company, ...) plus the form confirmation and the 404 page, with no
 * script error or CSP refusal on the way. The checkout and the forms in their error states are checked
 * by their own tests.
 *
 * The README's test command takes five editions: every language and every country once (each edition
 * costs about two minutes of axe). `A11Y_EDITIONS=all` (scripts/test-matrix.sh) takes all nine.
 */
const checked = editions.filter((e) => A11Y_EDITIONS.includes(e.prefix));
test.describe.configure({ mode: 'parallel' });

let byEdition: Map<string, string[]> | undefined;

async function pagesOf(prefix: string, baseURL: string): Promise<string[]> {
  if (!byEdition) {
    const xml = await (await fetch(`${baseURL}/sitemap.xml`)).text();
    byEdition = new Map();
    const seen = new Set<string>();
    for (const [, url] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const path = new URL(url!).pathname;
      const edition = editionOfPath(path);
      const route = matchRoute(pathInEdition(path))?.route.path;
      if (!edition || !route || seen.has(`${edition.prefix} ${route}`)) continue;
      seen.add(`${edition.prefix} ${route}`);
      byEdition.set(edition.prefix, [...(byEdition.get(edition.prefix) ?? []), path]);
    }
  }
  return [...(byEdition.get(prefix) ?? []), `/${prefix}/form-success`, `/${prefix}/no-such-page`];
}

// Each edition's routes in three parts (every third one), so that a test stays well within its time on a
// busy two-core machine and the two workers share the editions evenly.
const PARTS = 3;
for (const edition of checked) {
  for (let part = 0; part < PARTS; part++) {
    test(`every route of /${edition.prefix} passes axe with all rules (part ${part + 1} of ${PARTS})`, async ({ page, baseURL }) => {
      test.setTimeout(180_000);
      const problems = await watchProblems(page);
      const all = await pagesOf(edition.prefix, baseURL!);
      expect(all.length).toBeGreaterThanOrEqual(16);
      const failures: string[] = [];
      for (const path of all.filter((_, i) => i % PARTS === part)) {
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
}
