// Where the time before a page's first contentful paint goes in the browser, as Lighthouse's phone
// sees it (412×823 at 1.75×, unthrottled, cold cache): style, layout, paint, raster and script time
// before the paint, medians of RUNS loads, and the renderer's busiest steps (self time) in the last load.
// Optional variants inject a stylesheet to see what a property costs (the page's CSP is bypassed):
//   node scripts/perf/first-frame.mjs http://localhost:3000/lv-lv 5 base sysfont nowrap
// (It showed why our first frame comes later than the bare page's: text shaping, font matching and
// style invalidation of a real page, not any one section; see issue 13's stop notes.)
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium.mjs';

const [, , url, runs = '5', ...names] = process.argv;
const VARIANTS = {
  base: '',
  sysfont: '*{font-family:Arial,sans-serif!important}',
  nowrap: '*{text-wrap:wrap!important}',
  noshadow: '*,*::before,*::after{box-shadow:none!important;text-shadow:none!important}',
  onlyhero: 'main>section:not(:first-child),footer{display:none!important}',
  noheader: 'header{display:none!important}',
  nofooter: 'footer{display:none!important}',
};
const CATEGORIES = 'blink.user_timing,devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.frame,blink,loading,cc';

async function load(browser, css) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, bypassCSP: true });
  const page = await context.newPage();
  if (css) await page.addInitScript((text) => { const s = document.createElement('style'); s.textContent = text; document.documentElement.append(s); }, css);
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(800);
  await cdp.send('Tracing.end');
  await done;
  await context.close();
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'));
  const fcp = nav && events.find((e) => e.name === 'firstContentfulPaint' && e.ts > nav.ts);
  if (!fcp) return null; // a load the trace missed: measured again
  const sum = (name) => events.filter((e) => e.name === name && e.dur && e.ts > nav.ts && e.ts < fcp.ts).reduce((s, e) => s + e.dur / 1000, 0);
  const figures = { fcp: (fcp.ts - nav.ts) / 1000, style: sum('UpdateLayoutTree'), layout: sum('Layout'), paint: sum('Paint'), raster: sum('RasterTask'), script: sum('EvaluateScript') };
  // Self time of the renderer main thread's steps up to the paint.
  const main = events.filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X' && e.dur && e.ts > nav.ts && e.ts < fcp.ts).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const stack = [];
  const self = new Map();
  for (const e of main) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    if (stack.length) self.set(stack.at(-1).name, (self.get(stack.at(-1).name) ?? 0) - e.dur);
    self.set(e.name, (self.get(e.name) ?? 0) + e.dur);
    stack.push(e);
  }
  return { figures, self };
}

const browser = await chromium.launch({ ...chromiumLaunchOptions, args: chromiumLaunchOptions.args.filter((a) => a !== '--disable-gpu') });
let last;
for (const name of names.length ? names : ['base']) {
  if (!(name in VARIANTS)) throw new Error(`unknown variant ${name}: ${Object.keys(VARIANTS).join(', ')}`);
  const rows = [];
  for (let tries = 0; rows.length < Number(runs); tries++) {
    if (tries > 2 * Number(runs)) throw new Error('the trace has no first contentful paint: is the page up?');
    const result = await load(browser, VARIANTS[name]);
    if (!result) continue;
    rows.push(result.figures);
    last = result;
  }
  const median = (key) => rows.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(rows.length / 2)].toFixed(1);
  console.log(name.padEnd(9), ...['fcp', 'style', 'layout', 'paint', 'raster', 'script'].map((k) => `${k} ${median(k).padStart(6)}`));
}
console.log('\nbusiest renderer steps before the paint (self ms, last load):');
for (const [step, us] of [...last.self].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log((us / 1000).toFixed(1).padStart(7), step);
await browser.close();
