import { test as base } from '@playwright/test';
import { BOOTSTRAP_ID, REACT_FIBER_PREFIX } from '@/lib/next-adapter/hydration.ts';

export * from '@playwright/test';

/**
 * The page fixture of every spec: `page.goto` and `page.reload` return once the page has hydrated.
 * Kept pages request their scripts and data only after the first paint (lib/http/late-scripts.ts), so
 * the load event can come before React is running; a test of the JavaScript path must not act in that gap (an
 * action there takes the no-JavaScript path, which nojs.spec.ts tests). Pages without Next's scripts
 * (a 413 page, a JSON answer) and pages with JavaScript off are returned at once.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) {
      // A Next page has Turbopack's bootstrap script (BOOTSTRAP_ID); a kept page gets its RSC data only after the
      // first paint, so `self.__next_f` does not say whether React is coming. React marks the body with a
      // key (REACT_FIBER_PREFIX…) once it has hydrated. If that never comes, or a Next upgrade renames either,
      // the test fails here with that said, never silently going on before hydration (issue 37).
      const hydrated = async () => {
        const isNextPage = await page.evaluate((id) => document.getElementById(id) !== null, BOOTSTRAP_ID);
        if (!isNextPage) return;
        try {
          await page.waitForFunction((prefix) => Object.keys(document.body ?? {}).some((key) => key.startsWith(prefix)), REACT_FIBER_PREFIX, { timeout: 15_000 });
        } catch (error) {
          throw new Error(
            `The page did not hydrate within 15 s (no ${REACT_FIBER_PREFIX} key on <body> after Turbopack's #${BOOTSTRAP_ID} bootstrap): ${page.url()}. ` +
              'If Next or React changed these markers, lib/next-adapter/hydration.ts is where they are named (assumption 4 of its README; npm run check:next tests them).',
            { cause: error },
          );
        }
      };
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args: Parameters<typeof page.goto>) => {
        const response = await goto(...args);
        if (response?.headers()['content-type']?.startsWith('text/html')) await hydrated();
        return response;
      };
      page.reload = async (...args: Parameters<typeof page.reload>) => {
        const response = await reload(...args);
        if (response?.headers()['content-type']?.startsWith('text/html')) await hydrated();
        return response;
      };
    }
    await provide(page);
  },
});
