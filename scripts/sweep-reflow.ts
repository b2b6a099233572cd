// npm run sweep:reflow: every sitemap URL and the unlisted pages at 320 and 360 px (WCAG 1.4.10, issue 49); exits 1 if any page is wider than the screen.
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';
import { allPrefixes, sitemapPaths, sweep } from '../e2e/support/reflow.ts';
import { option, startSite } from './support/site-server.ts';

/**
 * Loads every URL of the sitemap, and in every edition form success, 404, the unavailable page, the 413
 * refusal, a checkout, the provider's page, the paid checkout and the receipt, at each width; prints each
 * page wider than the screen with the elements that push it.
 *   npm run sweep:reflow [-- --widths 320,360 --workers 2 --only REGEX --unlisted lv-lv,ee-ru --port 4352 | --url http://localhost:3000]
 * Without --url it starts the build on --port (npm run build first). e2e/reflow.spec.ts runs a sample.
 */
async function main(): Promise<number> {
  const widths = option('widths', '320,360').split(',').map(Number);
  const given = option('url', '');
  const site = given ? { url: given, stop: () => {} } : await startSite(Number(option('port', '4352')));
  const browser = await chromium.launch(chromiumLaunchOptions);
  const started = Date.now();
  try {
    const only = new RegExp(option('only', '.'));
    const all = await sitemapPaths(site.url);
    const paths = all.filter((path) => only.test(path));
    const unlisted = option('unlisted', allPrefixes.join(',')).split(',').filter(Boolean);
    console.log(`reflow: ${paths.length} sitemap URLs and ${unlisted.length} editions' unlisted pages at ${widths.join(' and ')} px on ${site.url}`);
    let done = 0;
    const results = await sweep(browser, site.url, {
      paths,
      widths,
      workers: Number(option('workers', '2')),
      unlisted,
      companies: all,
      onResult: (r) => {
        done++;
        if (r.error) console.log(`ERROR ${r.width} px: ${r.path}: ${r.error}`);
        else if (r.pageWidth > r.width) console.log(`WIDE ${r.width} px: ${r.path} is ${r.pageWidth} px (${r.culprits.join('; ') || 'no element found'})`);
        if (done % 200 === 0) console.log(`  ${done} pages, ${Math.round((Date.now() - started) / 1000)} s`);
      },
    });
    const wide = results.filter((r) => r.error || r.pageWidth > r.width);
    console.log(`${wide.length ? 'FAIL' : 'ok  '} ${results.length} pages measured, ${wide.length} wider than the screen or not reached, in ${Math.round((Date.now() - started) / 1000)} s`);
    return wide.length;
  } finally {
    await browser.close();
    site.stop();
  }
}

main().then(
  (wide) => process.exit(wide ? 1 : 0),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
