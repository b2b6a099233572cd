// Where a page's main thread goes in the browser: a CPU profile of one cold load of URL (after a warm-up
// load in another context) with the CPU slowed 4x, as Lighthouse's mobile profile does. Prints the
// busy time, the scripts that took it and the functions with the most time of their own.
//   node scripts/perf/profile-page.mjs http://localhost:3000/cy-el/companies/erimi
// (It found the payment form's Intl formatters: the first one a page makes costs the locale's data.)
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium.mjs';
const url = process.argv[2];
const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
await page.goto(url); // warms the server; the measured load below is in a fresh context (cold HTTP cache)
await page.close();
const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
const p = await context.newPage();
const cdp = await context.newCDPSession(p);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await p.goto(url, { waitUntil: 'load' });
await p.waitForTimeout(2500);
const { profile } = await cdp.send('Profiler.stop');
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map();
profile.samples.forEach((s, i) => self.set(s, (self.get(s) ?? 0) + profile.timeDeltas[i]));
const byFn = new Map();
const byUrl = new Map();
let total = 0;
for (const [id, t] of self) {
  const cf = nodes.get(id).callFrame;
  if (['(idle)', '(program)'].includes(cf.functionName)) continue;
  total += t;
  const file = cf.url.split('/').pop() || '(native)';
  const key = `${cf.functionName || '(anon)'} ${file}:${cf.lineNumber}:${cf.columnNumber}`;
  byFn.set(key, (byFn.get(key) ?? 0) + t);
  byUrl.set(file, (byUrl.get(file) ?? 0) + t);
}
console.log('busy ms (4x)', (total / 1000).toFixed(0));
for (const [k, v] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log((v / 1000).toFixed(1).padStart(7), k);
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((v / 1000).toFixed(1).padStart(7), k);
await browser.close();
