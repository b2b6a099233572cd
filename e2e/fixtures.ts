import { test as base } from '@playwright/test';

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
      // A Next page has Turbopack's bootstrap script (#_R_); a kept page gets its RSC data only after the
      // first paint, so `self.__next_f` does not say whether React is coming. React marks the body with a
      // `__reactFiber…` key once it has hydrated. If that never comes, or a Next upgrade renames either,
      // the test fails here with that said, never silently going on before hydration (issue 37).
      const hydrated = async () => {
        const isNextPage = await page.evaluate(() => document.getElementById('_R_') !== null);
        if (!isNextPage) return;
        try {
          await page.waitForFunction(() => Object.keys(document.body ?? {}).some((key) => key.startsWith('__reactFiber')), undefined, { timeout: 15_000 });
        } catch (error) {
          throw new Error(
            `The page did not hydrate within 15 s (no __reactFiber key on <body> after Turbopack's #_R_ bootstrap): ${page.url()}. ` +
              'If Next or React changed these markers, update e2e/fixtures.ts and lib/next-adapter/README.md.',
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
