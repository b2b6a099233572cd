// npm run bench:scale: what the site costs on 1×, 10× and 100× content (issue 50), one production server after another.
//
//   npm run bench:scale [-- --factors 1,10,100] [--skip-build] [--samples 40] [--crawl-max 0] [--concurrency 4] [--port 4250] [--json FILE]
//
// Builds once (content is read at run time: CONTENT_DIR), then for each factor writes the content
// (`npm run content:scale`, 1× is content/ itself), starts `npm start` (server.ts, its page cache on) in a
// process group of its own and measures: per route type the p50/p99 of a cached answer (a page cache hit;
// the sitemap and RSS, which it never keeps, answer a repeat) and of an uncached render (a unique query
// string, which the page cache never looks up); the FAQ and guide search (the page, and the guides
// island's /api/search/guides); the server's resident memory after a crawl of the sitemap, and the page
// cache's size and hit ratio during a second crawl beside its bound; the HTML and data (RSC) bytes of the
// blog list, the FAQ and the sitemap; the build's time and size. `--crawl-max N` crawls every k-th URL so
// that at most N are fetched (the figure then says so). Exits 1 when any figure is missing.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const factors = arg('factors', '1,10,100').split(',').map(Number);
const samples = Number(arg('samples', '40'));
const crawlMax = Number(arg('crawl-max', '0'));
const concurrency = Number(arg('concurrency', '4'));
const port = Number(arg('port', '4250'));
const jsonOut = arg('json', '');
const skipBuild = process.argv.includes('--skip-build');
const base = `http://localhost:${port}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes) => bytes / 1024 / 1024;
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];

// ---- the build: once, timed; its size without Next's build cache ----
const buildFile = path.join(root, '.next', 'bench-build.json');
function build() {
  if (!skipBuild) {
    const started = performance.now();
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    fs.writeFileSync(buildFile, JSON.stringify({ seconds: (performance.now() - started) / 1000, at: new Date().toISOString() }));
  }
  const recorded = fs.existsSync(buildFile) ? JSON.parse(fs.readFileSync(buildFile, 'utf8')) : null;
  const du = (dir) => (fs.existsSync(dir) ? Number(execFileSync('du', ['-sb', dir]).toString().split('\t')[0]) : 0);
  return { seconds: recorded?.seconds, bytes: du(path.join(root, '.next')) - du(path.join(root, '.next', 'cache')), at: recorded?.at };
}

// ---- one server ----
function contentDir(factor) {
  if (factor === 1) return 'content';
  const dir = `content-scale/x${factor}`;
  if (!fs.existsSync(path.join(root, dir, 'facts.yaml'))) execFileSync('npm', ['run', '-s', 'content:scale', '--', '--factor', String(factor)], { cwd: root, stdio: 'inherit' });
  return dir;
}

async function startServer(dir) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-bench-scale-'));
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), METRICS_PORT: String(port + 1), NEXT_PUBLIC_SITE_URL: base, CONTENT_DIR: dir, DATA_DIR: dataDir, PAGE_CACHE: 'on', PAGE_CACHE_STATUS: 'on', LOG_LEVEL: 'warn' },
  });
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {}
  };
  const stop = () => signal('SIGKILL');
  process.on('exit', stop);
  /** SIGTERM (server.ts lets the outbox finish), then the group is killed once the port is free or after 20 s. */
  const stopped = async () => {
    signal('SIGTERM');
    for (let i = 0; i < 40 && (await fetch(`${base}/api/health`).then(() => true).catch(() => false)); i++) await sleep(500);
    stop();
    process.off('exit', stop);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const started = performance.now();
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${base}/lv-en`).then((r) => r.arrayBuffer().then(() => r.ok)).catch(() => false);
    if (ok) break;
    await sleep(500);
  }
  return { stop: stopped, startSeconds: (performance.now() - started) / 1000 };
}

/** One GET, the whole body read: its time, status, bytes and x-cache. */
async function get(url, headers = {}) {
  const started = performance.now();
  const response = await fetch(url.startsWith('http') ? url : `${base}${url}`, { headers, signal: AbortSignal.timeout(60_000) });
  const body = Buffer.from(await response.arrayBuffer());
  return { ms: performance.now() - started, status: response.status, bytes: body.length, text: body, cache: response.headers.get('x-cache') };
}

async function timings(pathFor, count) {
  const times = [];
  const states = new Map();
  for (let i = 0; i < count; i++) {
    const r = await get(pathFor(i));
    if (r.status !== 200) throw new Error(`${pathFor(i)} answered ${r.status}`);
    times.push(r.ms);
    states.set(r.cache ?? 'none', (states.get(r.cache ?? 'none') ?? 0) + 1);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), states: Object.fromEntries(states) };
}

async function metrics() {
  const text = await (await fetch(`http://localhost:${port + 1}/metrics`)).text();
  const value = (series) => Number(new RegExp(`^${series.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1]);
  return {
    rss: value('process_resident_memory_bytes'),
    pageBytes: value('billme_cache_bytes{cache="page"}'),
    pageEntries: value('billme_cache_entries{cache="page"}'),
    pageMaxBytes: value('billme_cache_max_bytes{cache="page"}'),
    hits: value('billme_page_cache_lookups_total{result="hit"}'),
    misses: value('billme_page_cache_lookups_total{result="miss"}'),
  };
}

/** Every URL of the sitemap index's files, as local paths, and the bytes of the index and of all its files. */
async function sitemap() {
  const index = await get('/sitemap.xml');
  const files = [...index.text.toString().matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1]);
  let fileBytes = 0;
  const urls = [];
  for (const file of files) {
    const part = await get(file);
    fileBytes += part.bytes;
    for (const m of part.text.toString().matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)) urls.push(m[1]);
  }
  return { files, urls, indexBytes: index.bytes, fileBytes };
}

async function crawl(urls) {
  let next = 0;
  let kept = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < urls.length) {
        const url = urls[next++];
        const r = await get(url).catch(() => ({ status: 0, bytes: 0 }));
        if (r.status !== 200) failed++;
        if (r.cache === 'miss') kept++;
      }
    }),
  );
  return { kept, failed };
}

/** The route types of issue 50, with paths picked from the edition's own sitemap file (an item in the middle of its list). */
function routeTypes(urls) {
  const middle = (re) => {
    const found = urls.filter((u) => re.test(u));
    return found[Math.floor(found.length / 2)];
  };
  return {
    home: '/lv-en',
    article: middle(/^\/lv-en\/blog\/(?!page\/)[^/]+$/),
    'blog list': '/lv-en/blog',
    FAQ: '/lv-en/faq',
    'FAQ item': middle(/^\/lv-en\/faq\/(?!page\/)[^/]+$/),
    'guides search': '/lv-en/guides?q=card',
    vacancy: middle(/^\/lv-en\/careers\/(?!page\/)[^/]+$/),
    'company page': middle(/^\/cy-en\/companies\/[^/]+$/),
    sitemap: '/sitemaps/lv-en-1.xml',
    RSS: '/lv-en/blog/rss.xml',
  };
}

const queries = ['card', 'automatic payment', 'bill', 'zzqqxx'];

async function measure(factor, buildFigures) {
  const dir = contentDir(factor);
  const server = await startServer(dir);
  try {
    const map = await sitemap();
    const routes = routeTypes(map.urls.filter((u) => u.startsWith('/lv-en') || u.startsWith('/cy-en')));
    const result = { factor, contentDir: dir, startSeconds: server.startSeconds, sitemapUrls: map.urls.length, routes: {}, search: {}, bytes: {}, crawl: {}, build: buildFigures };
    for (const [name, route] of Object.entries(routes)) {
      if (!route) throw new Error(`no URL for ${name} in the sitemap`);
      const joiner = route.includes('?') ? '&' : '?';
      await timings(() => route, 3); // warm: the page is rendered and kept
      const cached = await timings(() => route, samples);
      const uncached = await timings((i) => `${route}${joiner}bench=${factor}-${i}-${Date.now()}`, samples);
      result.routes[name] = { path: route, cached, uncached };
    }
    const search = (name, pathFor) => timings((i) => pathFor(queries[i % queries.length]), samples).then((t) => (result.search[name] = t));
    await search('FAQ search (server page)', (q) => `/lv-en/faq?q=${encodeURIComponent(q)}`);
    await search('guide search (server page)', (q) => `/lv-en/guides?q=${encodeURIComponent(q)}`);
    await search('guide search (island: /api/search/guides)', (q) => `/api/search/guides?locale=en-LV&q=${encodeURIComponent(q)}`);
    for (const [name, route] of [['blog list', '/lv-en/blog'], ['FAQ', '/lv-en/faq']]) {
      const html = await get(route);
      const data = await get(route, { rsc: '1' });
      result.bytes[name] = { html: html.bytes, data: data.bytes };
    }
    result.bytes.sitemap = { html: map.indexBytes, data: map.fileBytes, note: 'index / all its files' };

    const step = crawlMax > 0 && map.urls.length > crawlMax ? Math.ceil(map.urls.length / crawlMax) : 1;
    const crawled = map.urls.filter((_, i) => i % step === 0);
    const first = await crawl(crawled);
    const afterFirst = await metrics();
    const second = await crawl(crawled);
    const afterSecond = await metrics();
    const lookups = afterSecond.hits - afterFirst.hits + (afterSecond.misses - afterFirst.misses);
    result.crawl = {
      urls: crawled.length,
      of: map.urls.length,
      failed: first.failed + second.failed,
      rssAfterCrawl: afterFirst.rss,
      cacheBytes: afterSecond.pageBytes,
      cacheEntries: afterSecond.pageEntries,
      cacheMaxBytes: afterSecond.pageMaxBytes,
      hitRatio: lookups > 0 ? (afterSecond.hits - afterFirst.hits) / lookups : NaN,
      // What the bound lets one expect of a second crawl in the same order: all hits if every page the
      // first crawl rendered fits (an entry is its HTML and its RSC data: the cache's own bytes per
      // entry), else next to none (least recently used first: each page is gone before it is asked again).
      neededBytes: first.kept * (afterFirst.pageBytes / Math.max(1, afterFirst.pageEntries)),
      expectedHitRatio: first.kept * (afterFirst.pageBytes / Math.max(1, afterFirst.pageEntries)) <= afterSecond.pageMaxBytes ? 1 : 0,
    };
    return result;
  } finally {
    await server.stop();
  }
}

// ---- the report ----
function report(results) {
  const one = results.find((r) => r.factor === 1) ?? results[0];
  const missing = [];
  const fig = (label, value, digits = 1) => {
    if (value === undefined || value === null || Number.isNaN(value)) {
      missing.push(label);
      return 'MISSING';
    }
    return typeof value === 'number' ? value.toFixed(digits) : String(value);
  };
  const growth = (now, then, slack, limit) => (now <= Math.max(then * limit, then + slack) ? 'ok' : 'OVER');
  for (const r of results) {
    console.log(`\n== ${r.factor}× content (${r.contentDir}): ${r.sitemapUrls} sitemap URLs, server ready in ${r.startSeconds.toFixed(1)} s ==`);
    console.log('route type'.padEnd(16), 'cached p50/p99 ms'.padStart(20), 'vs 1×'.padStart(14), 'uncached p50/p99 ms'.padStart(22), 'vs 1×'.padStart(14), '  path');
    for (const [name, t] of Object.entries(r.routes)) {
      const base1 = one.routes[name];
      const bounded = !['sitemap', 'RSS', 'guides search'].includes(name);
      const c = `${fig(`${r.factor}× ${name} cached p50`, t.cached.p50)}/${fig(`${r.factor}× ${name} cached p99`, t.cached.p99)}`;
      const u = `${fig(`${r.factor}× ${name} uncached p50`, t.uncached.p50)}/${fig(`${r.factor}× ${name} uncached p99`, t.uncached.p99)}`;
      const cr = `${(t.cached.p50 / base1.cached.p50).toFixed(2)}× ${bounded ? growth(t.cached.p50, base1.cached.p50, 2, 1.2) : 'stated'}`;
      const ur = `${(t.uncached.p50 / base1.uncached.p50).toFixed(2)}× ${bounded ? growth(t.uncached.p50, base1.uncached.p50, 10, 1.5) : 'stated'}`;
      console.log(name.padEnd(16), c.padStart(20), cr.padStart(14), u.padStart(22), ur.padStart(14), `  ${t.path} (x-cache ${JSON.stringify(t.cached.states)})`);
    }
    for (const [name, t] of Object.entries(r.search)) {
      console.log(`${name}: p50 ${fig(`${r.factor}× ${name} p50`, t.p50)} ms, p99 ${fig(`${r.factor}× ${name} p99`, t.p99)} ms (1×: ${one.search[name].p50.toFixed(1)} / ${one.search[name].p99.toFixed(1)})`);
    }
    for (const [name, b] of Object.entries(r.bytes)) {
      console.log(`${name} bytes: ${name === 'sitemap' ? 'index' : 'HTML'} ${fig(`${r.factor}× ${name} html bytes`, b.html, 0)}, ${name === 'sitemap' ? 'all files' : 'data (RSC)'} ${fig(`${r.factor}× ${name} data bytes`, b.data, 0)} (1×: ${one.bytes[name].html} / ${one.bytes[name].data})`);
    }
    const c = r.crawl;
    const rssRatio = c.rssAfterCrawl / one.crawl.rssAfterCrawl;
    console.log(
      `crawl of ${c.urls} of ${c.of} sitemap URLs (${c.failed} not 200): resident memory ${fig(`${r.factor}× rss`, mb(c.rssAfterCrawl), 0)} MB (${rssRatio.toFixed(2)}× 1×, ${rssRatio <= 1.5 ? 'ok' : 'OVER'} the 1.5× of issue 50)`,
    );
    console.log(
      `second crawl: page cache ${fig(`${r.factor}× cache bytes`, mb(c.cacheBytes), 1)} MB in ${fig(`${r.factor}× cache entries`, c.cacheEntries, 0)} entries of its ${fig(`${r.factor}× cache bound`, mb(c.cacheMaxBytes), 0)} MB bound; hit ratio ${fig(`${r.factor}× hit ratio`, c.hitRatio, 2)} (the bound lets one expect ${c.expectedHitRatio}: the crawl's pages need ${mb(c.neededBytes).toFixed(0)} MB)`,
    );
  }
  const b = results[0].build;
  console.log(`\nbuild: ${fig('build time', b.seconds, 0)} s${skipBuild ? ` (recorded ${b.at ?? 'never'})` : ''}, .next without its cache ${fig('build size', mb(b.bytes), 1)} MB (one build serves every factor)`);
  return missing;
}

const buildFigures = build();
const results = [];
for (const factor of factors) {
  console.error(`bench:scale: ${factor}× …`);
  results.push(await measure(factor, buildFigures));
}
if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(results, null, 2));
console.log(`bench:scale on ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}, Node ${process.version}, ${samples} samples per figure, crawl concurrency ${concurrency}`);
const missing = report(results);
if (missing.length) {
  console.error(`\nmissing figures: ${missing.join(', ')}`);
  process.exit(1);
}
