// The speed of the site against a bare Next.js app, both started in this run (ratios, not absolute
// times: these machines vary from run to run). Needs a production build (`npm run build`).
//
//   npm run bench:web -- [--runs 5] [--editions lv-lv,lv-ru,cy-el] [--pages home,article,faq,company,ask]
//                        [--no-lighthouse] [--seconds 12] [--connections 50] [--throttling devtools] [--https]
//                        [--port 3460]   (the site; the bare app +1, nginx +2 and +4, the script-free copy +6)
//                        [--gap-runs 5] [--gap-pages home,company,form] [--no-gap] [--gap-only]
//
// Prints, per page and edition, Lighthouse's mobile figures (median of the runs) beside the bare page's and
// their ratios; the bytes and requests of each page; first-load JavaScript against the bare page's; wrk
// throughput against the bare page's; the raw size of every edition's main pages' HTML (those over 100 KB
// and the largest). Writes reports/bench-web.json.
// Beside each page: its LCP against the same page with every script removed (scripts/perf/noscript-copy.mjs),
// and its throughput as a first-time and as a returning visitor (p99, requests per CPU-second, the page
// cache's hit rate). Exits non-zero when any figure could not be measured.
// Lighthouse's default (--throttling simulate) loads the page at full speed and estimates a phone's times
// from that load (Lantern); --throttling devtools slows the network and the CPU for real while loading
// (slower, noisier, but what a phone would see: for example whether the largest paint waits for scripts).
// --https loads both pages for Lighthouse through nginx with TLS and HTTP/2, as production serves the site
// (deploy/nginx.sh with deploy/nginx/nginx.conf.template, one nginx in front of each app): the page's
// requests then share one connection instead of opening up to six HTTP/1.1 connections, each with its own
// handshake and slow start.
// wrk always measures the apps directly.
// The bare app is ../shared/bench (BENCH_DIR), started with its baseline.sh.
// Paint → first working handler (scripts/perf/interactive-gap.mjs, issue 38): for the home page (the phone
// menu), a company page (a service, the total) and a form page (Send on the empty form, the error summary),
// in lv-lv and cy-el, beside the bare app's page with a handler (/lv-lv, its counter): Chromium through CDP
// at 360 px, CPU 4×, 1.6 Mbps, 150 ms, cache off, medians of --gap-runs. Target: each gap ≤ 1.0 s and
// ≤ 1.5× the bare page's; a page over it is printed as such, a gap that could not be measured fails the run.
// --gap-only runs that section alone (no Lighthouse, wrk or HTML sizes).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { readBuildId } from '../../lib/next-adapter/build.ts';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { gapConditions, measureGap } from './interactive-gap.mjs';
import { runLighthouse } from './lighthouse.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const runs = Number(option('runs', 5));
const editions = option('editions', 'lv-lv,lv-ru,cy-el').split(',');
const pageNames = option('pages', 'home,article,faq,company,ask').split(',');
const gapOnly = args.includes('--gap-only');
const lighthouse = !args.includes('--no-lighthouse') && !gapOnly;
const gap = !args.includes('--no-gap');
const gapRuns = Number(option('gap-runs', 5));
const gapPages = option('gap-pages', 'home,company,form').split(',');
const gapEditions = option('gap-editions', 'lv-lv,cy-el').split(',');
const seconds = Number(option('seconds', 12));
const connections = Number(option('connections', 50));
const throttling = option('throttling', 'simulate');
if (!['simulate', 'devtools'].includes(throttling)) throw new Error(`--throttling simulate or devtools, not ${throttling}`);
const https = args.includes('--https');
const benchDir = path.resolve(process.env.BENCH_DIR || '../shared/bench');
const sitePort = Number(option('port', 3460));
const barePort = sitePort + 1;
/** The site's pages with every script taken out (scripts/perf/noscript-copy.mjs): each page's own floor. */
const copyPort = sitePort + 6;
const copy = `http://localhost:${copyPort}`;
const site = `http://localhost:${sitePort}`;
const bare = `http://localhost:${barePort}`;

const pagePaths = {
  home: '',
  article: '/blog/sharing-household-bills',
  faq: '/faq',
  company: '/companies/erimi',
  ask: '/ask-question',
};
const bareUrl = `${bare}/lv-lv/dynamic`;
/**
 * The gap's pages and the probe of each (scripts/perf/interactive-gap.mjs). The company is one with priced
 * services (bluenet's plans): erimi's only choice is a donation of the payer's own amount, which shows no
 * total until an amount is typed, so its probe never saw a handler.
 */
const gapPaths = { home: ['', 'menu'], company: ['/companies/bluenet', 'service'], form: ['/ask-question', 'form'] };
/** Gap targets of issue 38. */
const GAP_MAX_MS = 1000;
const GAP_MAX_RATIO = 1.5;
// What Lighthouse loads: the apps themselves, or nginx in front of each (--https).
const siteFront = https ? `https://localhost:${sitePort + 2}` : site;
const bareFront = https ? `https://localhost:${sitePort + 4}` : bare;
const bareFrontUrl = `${bareFront}/lv-lv/dynamic`;

const medianOf = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const ratio = (a, b) => (b ? (a / b).toFixed(2) : '–');

async function waitFor(url) {
  for (let i = 0; i < 150; i++) {
    if (await fetch(url).then((r) => r.ok).catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no answer from ${url}`);
}

function startSite() {
  if (!readBuildId('.next')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-bench-'));
  const child = spawn('node', ['server.ts'], { env: { ...process.env, PORT: String(sitePort), METRICS_PORT: '0', DATA_DIR: dataDir, NEXT_PUBLIC_SITE_URL: site, PAGE_CACHE_STATUS: 'on' }, stdio: 'ignore', detached: true });
  groups.site = child.pid;
  return () => process.kill(-child.pid, 'SIGKILL');
}

function startBare() {
  execFileSync('bash', [path.join(benchDir, 'baseline.sh'), String(barePort)], { stdio: 'inherit' });
  groups.bare = Number(fs.readFileSync(`/tmp/baseline-${barePort}.pgid`, 'utf8').trim());
  return () => {
    const pgid = fs.readFileSync(`/tmp/baseline-${barePort}.pgid`, 'utf8').trim();
    try {
      process.kill(-Number(pgid), 'SIGKILL');
    } catch {
      // already gone
    }
  };
}

/**
 * nginx with production's configuration in front of an app (deploy/nginx.sh, as the cluster starts it):
 * TLS and HTTP/2 on httpsPort, plain http (which only redirects) on httpsPort + 1.
 */
function startNginx(appPort, httpsPort) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-bench-nginx-'));
  execFileSync('bash', ['deploy/nginx.sh', 'start', dir, String(httpsPort), String(httpsPort + 1), `127.0.0.1:${appPort}`], { stdio: 'inherit' });
  return () => execFileSync('bash', ['deploy/nginx.sh', 'stop', dir], { stdio: 'inherit' });
}

/** One Lighthouse run (mobile defaults: throttled network and CPU, a phone's screen). */
function lighthouseRun(url, attempt = 1) {
  const output = path.join(os.tmpdir(), `billme-lighthouse-${process.pid}.json`);
  fs.rmSync(output, { force: true });
  runLighthouse(url, { output, https, args: [`--throttling-method=${throttling}`, '--only-categories=performance,accessibility,best-practices,seo'] });
  let report;
  try {
    report = JSON.parse(fs.readFileSync(output, 'utf8'));
    if (report.runtimeError || report.categories?.performance?.score == null) throw new Error(`Lighthouse could not measure ${url}: ${report.runtimeError?.code ?? 'no score'}`);
  } catch (error) {
    // No report, a cut one or a failed run: run the page again (twice at most) rather than count a 0.
    if (attempt < 3) return lighthouseRun(url, attempt + 1);
    throw error;
  }
  const audit = (id) => report.audits[id]?.numericValue ?? 0;
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const fonts = requests.filter((r) => r.resourceType === 'Font');
  const blocking = report.audits['render-blocking-resources']?.details?.items ?? report.audits['render-blocking-insight']?.details?.items ?? [];
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    bestPractices: Math.round(report.categories['best-practices'].score * 100),
    seo: Math.round(report.categories.seo.score * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    bytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    // The document as sent (headers and compressed body): up to 14.6 KB it arrives in the first TCP window.
    documentBytes: requests.find((r) => r.resourceType === 'Document')?.transferSize ?? 0,
    requests: requests.length,
    fontBytes: fonts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    fonts: fonts.map((r) => path.basename(new URL(r.url).pathname)),
    blocking: blocking.map((r) => r.url).filter(Boolean).map((u) => path.basename(new URL(u).pathname)),
  };
}

function lighthouseRuns(url) {
  return Array.from({ length: runs }, () => lighthouseRun(url));
}

/** The median of each figure over some runs; the bytes and requests of the run with the median LCP. */
function median(results) {
  const pick = (key) => medianOf(results.map((r) => r[key]));
  const byLcp = [...results].sort((a, b) => a.lcp - b.lcp)[Math.floor(results.length / 2)];
  return { ...byLcp, performance: pick('performance'), fcp: pick('fcp'), lcp: pick('lcp'), tbt: pick('tbt'), cls: pick('cls') };
}

/** First-load JavaScript of a route, gzip -9, from a build's .next/diagnostics/route-bundle-stats.json. */
function firstLoadJs(dir, route) {
  const stats = JSON.parse(fs.readFileSync(path.join(dir, '.next/diagnostics/route-bundle-stats.json'), 'utf8'));
  const entry = stats.find((s) => s.route === route);
  return entry ? entry.firstLoadChunkPaths.reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(dir, file)), { level: 9 }).length, 0) : 0;
}

/** The process groups of the two apps (for their CPU time). */
const groups = { site: 0, bare: 0 };

/** CPU seconds used so far by every process of a process group (/proc, clock ticks of 1/100 s). */
function cpuSeconds(pgid) {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100;
}

/** A figure that could not be measured ends the run with a failure: a missing number is not a pass. */
const missing = [];
function measured(what, value) {
  if (!Number.isFinite(value) || value <= 0) missing.push(what);
  return value;
}

/**
 * wrk against a URL (after a 3 s warm-up run that is not counted): requests/s, p99 latency, requests per
 * CPU-second of the app's processes, and the share of answers the page cache served.
 */
function wrk(url, { headers = {}, group = 0, label = url } = {}) {
  const flags = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  // A 10 s timeout instead of wrk's 2 s: on a loaded machine slow answers are counted in p99, not dropped.
  const common = ['-t2', `-c${connections}`, '--timeout', '10s', ...flags];
  execFileSync('wrk', [...common, '-d3s', url]);
  const cpuBefore = group ? cpuSeconds(group) : 0;
  const out = execFileSync('wrk', [...common, `-d${seconds}s`, '-s', 'scripts/perf/wrk-cache.lua', url]).toString();
  const cpu = group ? cpuSeconds(group) - cpuBefore : 0;
  const rps = measured(`${label}: requests/s`, Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0));
  const p99 = measured(`${label}: p99`, Number(/P99US (\d+)/.exec(out)?.[1] ?? 0) / 1000);
  const [, hits, answers] = (/CACHE (\d+) (\d+)/.exec(out) ?? [0, 0, 0]).map(Number);
  const errors = Number(/ERRORS (\d+)/.exec(out)?.[1] ?? 0);
  if (errors > 0) missing.push(`${label}: ${errors} failed requests`);
  const perCpu = group ? measured(`${label}: CPU time`, cpu) && (rps * seconds) / cpu : 0;
  return { rps, p99, perCpu, hitRate: answers ? hits / answers : 0 };
}

/** The cookies of a returning visitor of an edition (`lv-ru` → country lv, locale ru-LV). */
function returningVisitor(prefix) {
  const [country, language] = prefix.split('-');
  return { cookie: `BILLME_COUNTRY=${country}; BILLME_LOCALE=${language}-${country.toUpperCase()}` };
}

/** Ends a --gap-only run after its section (through the finally that stops the servers). */
class GapOnlyDone extends Error {}

const stops = [];
try {
  try {
    execFileSync('which', ['wrk'], { stdio: 'ignore' });
  } catch {
    execFileSync('bash', ['-c', `${process.getuid?.() === 0 ? '' : 'sudo '}apt-get install -y -qq wrk >/dev/null`], { stdio: 'inherit' });
  }
  stops.push(startBare());
  stops.push(startSite());
  // Its own process: Lighthouse and wrk run synchronously here and would block a server in this one.
  const copyProcess = spawn('node', ['scripts/perf/noscript-copy.mjs', site, String(copyPort)], { stdio: 'ignore', detached: true });
  stops.push(() => process.kill(-copyProcess.pid, 'SIGKILL'));
  await waitFor(bareUrl);
  await waitFor(`${site}/api/health`);
  if (https) {
    // Installs nginx and openssl from Debian's packages if they are missing (nothing otherwise).
    execFileSync('bash', ['deploy/servers.sh', 'install', 'nginx'], { stdio: 'inherit' });
    stops.push(startNginx(sitePort, sitePort + 2), startNginx(barePort, sitePort + 4));
  }
  for (const url of [bareUrl, `${site}/lv-lv`]) for (let i = 0; i < 5; i++) await fetch(url);

  const results = { when: new Date().toISOString(), runs, pages: [], js: [], throughput: [], html: [] };

  if (lighthouse) {
    // The bare page is measured before and after the site's pages, and compared with the median of
    // both sets: this machine's speed drifts over the minutes a run takes.
    const bareRuns = lighthouseRuns(bareFrontUrl);
    const rows = [];
    for (const edition of editions) {
      for (const name of pageNames) {
        const url = `${siteFront}/${edition}${pagePaths[name]}`;
        const floor = https ? null : median(lighthouseRuns(`${copy}/${edition}${pagePaths[name]}`));
        rows.push({ path: `/${edition}${pagePaths[name]}`, url, ...median(lighthouseRuns(url)), floorLcp: floor?.lcp ?? 0 });
      }
    }
    const base = median([...bareRuns, ...lighthouseRuns(bareFrontUrl)]);
    results.bare = base;
    console.log(`\nLighthouse mobile (${throttling === 'simulate' ? 'simulated' : 'applied'} throttling${https ? ', through nginx with TLS and HTTP/2' : ''}), median of ${runs} (bare page, ${2 * runs} runs before and after: perf ${base.performance}, FCP ${(base.fcp / 1000).toFixed(2)} s, LCP ${(base.lcp / 1000).toFixed(2)} s, TBT ${Math.round(base.tbt)} ms, ${Math.round(base.bytes / 1024)} KB in ${base.requests} requests)`);
    console.log('| page | perf | FCP s | ×bare | LCP s | ×bare | LCP ÷ no-script LCP | TBT ms | ×bare | CLS | a11y/bp/seo | KB | document KB | requests | font KB | fonts | render-blocking |');
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const { path: pagePath, ...r } of rows) {
      results.pages.push({ path: pagePath, ...r });
      for (const key of ['fcp', 'lcp', 'performance']) measured(`${pagePath}: ${key}`, r[key]);
      if (!https) measured(`${pagePath}: script-free LCP`, r.floorLcp);
      console.log(
        `| ${pagePath} | ${r.performance} | ${(r.fcp / 1000).toFixed(2)} | ${ratio(r.fcp, base.fcp)} | ${(r.lcp / 1000).toFixed(2)} | ${ratio(r.lcp, base.lcp)} | ${https ? '–' : ratio(r.lcp, r.floorLcp)} | ${Math.round(r.tbt)} | ${ratio(r.tbt, base.tbt)} | ${r.cls.toFixed(3)} | ${r.accessibility}/${r.bestPractices}/${r.seo} | ${Math.round(r.bytes / 1024)} | ${(r.documentBytes / 1024).toFixed(1)} | ${r.requests} | ${Math.round(r.fontBytes / 1024)} | ${r.fonts.join(' ') || '–'} | ${r.blocking.join(' ') || 'none'} |`,
      );
    }
  }

  if (gap) {
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const bareGap = await measureGap(browser, `${bare}/lv-lv`, 'counter', gapRuns);
      measured('bare page: paint → handler', bareGap.gap);
      const c = gapConditions;
      console.log(`\nPaint → first working handler (${c.width} px, CPU ${c.cpu}×, ${(c.downBps * 8) / 1e6} Mbps, ${c.rttMs} ms RTT, cache off; medians of ${gapRuns}; target ≤ ${GAP_MAX_MS / 1000} s and ≤ ${GAP_MAX_RATIO}× bare). Bare page (/lv-lv, its counter): paint ${(bareGap.paint / 1000).toFixed(2)} s, handler ${(bareGap.handler / 1000).toFixed(2)} s, gap ${(bareGap.gap / 1000).toFixed(2)} s`);
      console.log('| page | probe | paint s | handler s | gap s | ×bare | runs (gap s) | target |');
      console.log('|---|---|---|---|---|---|---|---|');
      results.gap = { bare: bareGap, pages: [] };
      for (const edition of gapEditions) {
        for (const name of gapPages) {
          const [suffix, probe] = gapPaths[name];
          const pagePath = `/${edition}${suffix}`;
          const r = await measureGap(browser, `${site}${pagePath}`, probe, gapRuns);
          measured(`${pagePath}: paint → handler`, r.gap);
          const met = r.gap > 0 && r.gap <= GAP_MAX_MS && r.gap <= GAP_MAX_RATIO * bareGap.gap;
          results.gap.pages.push({ path: pagePath, probe, ...r, met });
          console.log(`| ${pagePath} | ${probe} | ${(r.paint / 1000).toFixed(2)} | ${(r.handler / 1000).toFixed(2)} | ${(r.gap / 1000).toFixed(2)} | ${ratio(r.gap, bareGap.gap)} | ${r.runs.map((run) => (run.gap / 1000).toFixed(2)).join(' ')} | ${met ? 'met' : 'OVER'} |`);
        }
      }
    } finally {
      await browser.close();
    }
  }
  if (gapOnly) {
    fs.mkdirSync('reports', { recursive: true });
    fs.writeFileSync('reports/bench-web.json', JSON.stringify(results, null, 2));
    throw new GapOnlyDone();
  }

  const bareJs = firstLoadJs(path.join(os.tmpdir(), 'baseline-next'), '/[locale]/dynamic');
  console.log(`\nFirst-load JavaScript, gzip (bare page: ${(bareJs / 1024).toFixed(1)} KiB)`);
  console.log('| route | KiB | ×bare |');
  console.log('|---|---|---|');
  for (const route of ['/[locale]', '/[locale]/blog/[slug]', '/[locale]/faq', '/[locale]/guides', '/[locale]/companies/[company]', '/[locale]/checkout/[payment]', '/[locale]/ask-question', '/[locale]/careers/[slug]']) {
    const js = firstLoadJs('.', route);
    results.js.push({ route, bytes: js, ratio: js / bareJs });
    console.log(`| ${route} | ${(js / 1024).toFixed(1)} | ${ratio(js, bareJs)} |`);
  }

  // The bare page before and after the site's pages, averaged (the machine drifts during a run). Each page
  // as a first-time visitor (no cookies: the proxy sets the edition's cookies, so the cache never keeps
  // those answers) and as a returning one (the edition's cookies: served from the page cache).
  const bareBefore = wrk(bareUrl, { group: groups.bare, label: 'bare' });
  const rates = [];
  for (const pathname of ['/lv-lv', '/lv-lv/faq', '/cy-el/companies/erimi', '/lv-en/blog/sharing-household-bills', '/lv-ru/faq', '/lv-lv/ask-question']) {
    const first = wrk(`${site}${pathname}`, { group: groups.site, label: `${pathname} first visit` });
    await new Promise((resolve) => setTimeout(resolve, 2000)); // let the requests wrk left queued finish
    const returning = wrk(`${site}${pathname}`, { group: groups.site, headers: returningVisitor(pathname.split('/')[1]), label: `${pathname} returning` });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const html = execFileSync('curl', ['-s', `${site}${pathname}`], { maxBuffer: 16 * 1024 * 1024 }).length;
    rates.push({ pathname, first, returning, html });
  }
  const bareAfter = wrk(bareUrl, { group: groups.bare, label: 'bare' });
  const bareRps = (bareBefore.rps + bareAfter.rps) / 2;
  const bareP99 = (bareBefore.p99 + bareAfter.p99) / 2;
  const barePerCpu = (bareBefore.perCpu + bareAfter.perCpu) / 2;
  console.log(`\nThroughput, wrk ${connections} connections ${seconds} s after a 3 s warm-up (bare page: ${bareRps.toFixed(0)} req/s, p99 ${bareP99.toFixed(0)} ms, ${barePerCpu.toFixed(0)} req per CPU-second; mean of before and after)`);
  console.log('| page | visitor | req/s | ×bare | p99 ms | ×bare | req/CPU-s | ×bare | cache hits | HTML KB |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const { pathname, first, returning, html } of rates) {
    results.throughput.push({ pathname, first, returning, ratio: { first: first.rps / bareRps, returning: returning.rps / bareRps }, html });
    for (const [visitor, r] of [['first', first], ['returning', returning]]) {
      console.log(`| ${pathname} | ${visitor} | ${r.rps.toFixed(0)} | ${ratio(r.rps, bareRps)} | ${r.p99.toFixed(0)} | ${ratio(r.p99, bareP99)} | ${r.perCpu.toFixed(0)} | ${ratio(r.perCpu, barePerCpu)} | ${(r.hitRate * 100).toFixed(0)} % | ${(html / 1024).toFixed(1)} |`);
    }
  }
  // Every edition's main pages, not only the five above: the goal is "no page's HTML over 100 KB".
  const sizes = [];
  for (const prefix of ['lv-lv', 'lv-en', 'lv-ru', 'ee-et', 'ee-en', 'ee-ru', 'cy-el', 'cy-en', 'cy-ru']) {
    for (const pathname of ['', ...Object.values(pagePaths).filter(Boolean), '/guides', '/blog', '/careers', '/about', '/business', '/contacts', '/business-start-form', '/terms-and-conditions', '/privacy-policy', '/cookie-policy']) {
      const response = await fetch(`${site}/${prefix}${pathname}`);
      sizes.push({ path: `/${prefix}${pathname}`, bytes: (await response.arrayBuffer()).byteLength });
    }
  }
  sizes.sort((a, b) => b.bytes - a.bytes);
  results.html = sizes;
  const over = sizes.filter((page) => page.bytes > 100_000);
  console.log(`\nHTML of ${sizes.length} pages (every edition's main pages): ${over.length ? `${over.length} over 100 KB` : 'none over 100 KB'}; the largest:`);
  console.log('| page | HTML KB |');
  console.log('|---|---|');
  for (const page of over.length > 5 ? over : sizes.slice(0, 5)) console.log(`| ${page.path} | ${(page.bytes / 1000).toFixed(1)} |`);
  results.bareRps = bareRps;
  results.bareP99 = bareP99;
  results.barePerCpu = barePerCpu;
  results.bareJs = bareJs;
  fs.mkdirSync('reports', { recursive: true });
  fs.writeFileSync('reports/bench-web.json', JSON.stringify(results, null, 2));
} catch (error) {
  if (!(error instanceof GapOnlyDone)) throw error;
} finally {
  for (const stop of stops) stop();
}
if (missing.length) {
  console.error(`\nNot measured (a missing number is not a pass):\n- ${missing.join('\n- ')}`);
  process.exit(1);
}
