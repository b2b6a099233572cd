// npm run check:fonts: the brand font on every throttled load (issue 49), 10 loads per case; exits 1 on any load drawn in a fallback.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';
import { fontCases, measureLoad, THROTTLE } from '../e2e/support/brand-font.ts';
import { option, startSite } from './support/site-server.ts';

/**
 * For each case (first visits in lv-lv, ee-ru, cy-el; after a cookie choice; after an edition switch),
 * LOADS fresh loads at 4× CPU, 1.6 Mbps, 150 ms, cache off: after `document.fonts.ready`, CDP's
 * CSS.getPlatformFontsForNode must name only Inter for the h1 and the body text.
 *   npm run check:fonts [-- --loads 10 --port 4350 | --url http://localhost:3000]
 * --display optional rewrites the stylesheet's font-display (a control: the check must then fail).
 * Without --url it starts the build on --port (npm run build first). e2e/fonts.spec.ts runs one load per case.
 */
async function main(): Promise<number> {
const loads = Number(option('loads', '10'));
const given = option('url', '');
const display = option('display', '') || undefined;
const site = given ? { url: given, stop: () => {} } : await startSite(Number(option('port', '4350')));

const catalogues = new Map<string, unknown>();
function message(lang: string, key: string): string {
  if (!catalogues.has(lang)) catalogues.set(lang, JSON.parse(fs.readFileSync(path.join('messages', `${lang}.json`), 'utf8')));
  const value = key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], catalogues.get(lang));
  if (typeof value !== 'string') throw new Error(`no message ${lang}:${key}`);
  return value;
}

const browser = await chromium.launch(chromiumLaunchOptions);
let failed = 0;
console.log(`brand font: ${loads} loads per case at ${THROTTLE.cpuRate}× CPU, ${(THROTTLE.downloadBytesPerSecond * 8) / 1e6} Mbps, ${THROTTLE.latencyMs} ms, cache off, on ${site.url}${display ? ` (control: font-display ${display})` : ''}`);
try {
  for (const fontCase of fontCases(message)) {
    let inter = 0;
    const seen = new Set<string>();
    for (let i = 0; i < loads; i++) {
      const load = await measureLoad(browser, site.url, fontCase, { display }).catch((error: Error) => ({ ok: false, h1: [], body: [], ms: 0, error: error.message.split('\n')[0] }));
      for (const family of [...load.h1, ...load.body]) seen.add(family);
      if (load.ok) inter++;
      else console.log(`  ${fontCase.name}, load ${i + 1}: h1 ${load.h1.join('+') || '-'}, body ${load.body.join('+') || '-'}${'error' in load ? ` (${load.error})` : ''}`);
    }
    failed += loads - inter;
    console.log(`${inter === loads ? 'ok  ' : 'FAIL'} ${fontCase.name}: Inter for h1 and body in ${inter} of ${loads} loads (families seen: ${[...seen].join(', ') || 'none'})`);
  }
} finally {
  await browser.close();
  site.stop();
}
return failed;
}

main().then((failed) => process.exit(failed ? 1 : 0), (error: unknown) => {
  console.error(error);
  process.exit(2);
});
