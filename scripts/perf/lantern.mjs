// Why Lighthouse's simulated paints of a page come out as they do: node scripts/perf/lantern.mjs URL [--https]
//
// Lighthouse's mobile figures are not measured on a slow phone: it loads the page unthrottled, then
// replays the load's requests and main-thread tasks through a model of a slow network and CPU
// ("Lantern"). Which requests take part decides the result:
//  - first contentful paint: the document, the render-blocking requests and the tasks before the paint;
//  - largest contentful paint: every request that *ended* before the largest paint of the real load, except
//    low-priority images, and except a script whose evaluation began only after that paint in a task of
//    10 ms or more (Lantern drops shorter tasks from its graph, so a script evaluated in one counts by when
//    it arrived, whenever it ran).
// So on localhost, where every file arrives in a few milliseconds, a script or font that happens to arrive
// before the first frame counts as if the paint had waited for it over the slow network. This script runs
// Lighthouse once with its debugging traces and prints:
//  1. the real load: when each request ended and each script began to run, against the paints;
//  2. the requests and long tasks of the simulated first and largest paints, with their simulated times.
// (It showed that our LCP ratio is decided by a race: the bare page paints about 100 ms after navigation,
// before its scripts arrive; ours paints at 230-320 ms, after its stylesheet and a first frame of a real
// page, by when its scripts have arrived. Deferring their evaluation until after the paint does not take
// them out: most are evaluated in tasks under 10 ms. See issue 13's stop notes.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runLighthouse } from './lighthouse.mjs';

const url = process.argv[2];
if (!url) throw new Error('usage: node scripts/perf/lantern.mjs URL [--https]');
const https = process.argv.includes('--https');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-lantern-'));
runLighthouse(url, { output: path.join(dir, 'report.json'), https, args: ['--save-assets', '--only-categories=performance'], env: { LANTERN_DEBUG: '1' } });
const read = (name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
const report = read('report.json');
const metric = (id) => Math.round(report.audits[id]?.numericValue ?? NaN);
const observed = report.audits.metrics.details.items[0];
console.log(`${url}: simulated FCP ${metric('first-contentful-paint')} ms, LCP ${metric('largest-contentful-paint')} ms, TBT ${metric('total-blocking-time')} ms`);
console.log(`real load: first paint ${observed.observedFirstContentfulPaint} ms, largest paint ${observed.observedLargestContentfulPaint} ms after navigation\n`);

// 1. The real load.
const events = read('report-0.trace.json').traceEvents;
const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'));
const at = (ts) => Math.round((ts - nav.ts) / 1000);
const lcpAt = observed.observedLargestContentfulPaint;
const sent = new Map();
for (const e of events) {
  if (e.name === 'ResourceSendRequest' && e.ts > nav.ts) sent.set(e.args.data.requestId, { url: e.args.data.url, start: at(e.ts) });
  if (e.name === 'ResourceFinish' && sent.has(e.args.data.requestId)) sent.get(e.args.data.requestId).end = at(e.ts);
}
// When each script first ran, as Lantern sees it: the start of the main-thread task its evaluation is in.
const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === nav.pid && e.tid === nav.tid);
const firstRun = new Map();
for (const e of events) {
  const script = e.name === 'EvaluateScript' && e.args?.data?.url;
  if (!script || e.ts < nav.ts || firstRun.has(script)) continue;
  const task = tasks.find((t) => t.ts <= e.ts && e.ts <= t.ts + t.dur);
  firstRun.set(script, { at: at(task?.ts ?? e.ts), long: (task?.dur ?? 0) >= 10_000 });
}
const name = (u) => (u.startsWith('data:') ? 'data: URL' : path.basename(new URL(u).pathname) || new URL(u).pathname);
console.log('real load (ms after navigation)   sent  ended  runs  counts for the largest paint?');
for (const r of [...sent.values()].sort((a, b) => a.start - b.start)) {
  const runs = firstRun.get(r.url);
  const counts = r.end === undefined || r.end > lcpAt ? 'no: ended after it' : runs?.long && runs.at > lcpAt ? 'no: ran after it' : runs && runs.at > lcpAt ? 'yes: ran after it, in a short task' : 'yes';
  console.log(`  ${name(r.url).slice(0, 30).padEnd(30)} ${String(r.start).padStart(6)} ${String(r.end ?? '-').padStart(6)} ${String(runs?.at ?? '').padStart(5)}  ${counts}`);
}

// 2. The simulated paints: each request and long task of the graph, with its simulated start and end.
for (const [label, file] of [['first contentful paint', 'pessimisticFirstContentfulPaint'], ['largest contentful paint', 'pessimisticLargestContentfulPaint']]) {
  const trace = read(`report-${file}.trace.json`).traceEvents;
  const t0 = Math.min(...trace.filter((e) => e.ts).map((e) => e.ts));
  const rows = [];
  const requests = new Map();
  for (const e of trace) {
    if (e.name === 'ResourceSendRequest') requests.set(e.args.data.requestId, { what: name(e.args.data.url), start: e.ts });
    if (e.name === 'ResourceFinish' && requests.has(e.args.data.requestId)) requests.get(e.args.data.requestId).end = e.ts;
  }
  for (const r of requests.values()) rows.push([r.start, r.end ?? r.start, r.what]);
  for (const e of trace) if (e.ph === 'X' && e.name === 'Task' && e.dur > 20_000) rows.push([e.ts, e.ts + e.dur, 'main-thread task']);
  rows.sort((a, b) => a[0] - b[0]);
  console.log(`\nsimulated ${label} (pessimistic graph; ms)`);
  for (const [start, end, what] of rows) console.log(`  ${what.slice(0, 30).padEnd(30)} ${String(Math.round((start - t0) / 1000)).padStart(6)} ${String(Math.round((end - t0) / 1000)).padStart(6)}`);
}
fs.rmSync(dir, { recursive: true, force: true });
