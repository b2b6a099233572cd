// `npm run crawl`: a link checker's crawl of the whole sitemap (issue 47, finding 4: a crawler at 4
// connections following og:image met the image limit, was braked, and 851 of its requests got no answer).
//
// It reads /sitemap.xml (and the sitemaps of a sitemap index), asks every page at CONNECTIONS (4)
// connections from one address, follows each page's og:image, and honours Retry-After: a page answered
// 429 or 503 with Retry-After is asked again once that has passed; after an image answered 429 with
// Retry-After no image is asked until it has passed (the crawl goes on with pages), and the images still
// waiting when the pages are done are left for a later crawl; with --retry-images the crawl waits for
// them and asks each refused one again, until 200 (a crawler that honours Retry-After ends with all
// 200; at OG_RENDERS_PER_MINUTE new images a minute that takes a while). It prints the counts and exits 1 when a page did not end
// 200, an image was neither 200 nor 429 with Retry-After, or a request got no answer (a closed or reset
// connection, a timeout).
//
//   npm run crawl                          starts server.ts on the current build (a cold cache, a fresh
//                                          data folder, PORT or 3970) and crawls it
//   npm run crawl -- --url https://host    crawls a running site instead (TLS certificates not checked)
//   options: --from 127.0.0.x (the address it sends from), --connections N, --retry-images
//
// The crawl itself is `crawl()`, which scripts/perf/attack.ts runs as its crawl phase.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type CrawlOptions = { base: string; from?: string; connections?: number; retryImages?: boolean; timeoutMs?: number; signal?: AbortSignal; log?: (line: string) => void };
export type CrawlReport = {
  pages: number;
  images: number;
  /** Final status of each page and image, with their counts (0: no answer). */
  pageStatuses: Record<string, number>;
  imageStatuses: Record<string, number>;
  /** Answers that asked to wait (429/503 with Retry-After), and the seconds waited for them. */
  waits: number;
  waitedSeconds: number;
  /** Images not asked because the site's Retry-After had not passed when the pages were done (without --retry-images). */
  deferred: number;
  unanswered: number;
  requests: number;
  failures: string[];
  seconds: number;
};
type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; error?: string };

const USER_AGENT = 'BillmeCrawl/1.0 (link checker; +npm run crawl)';

/** A GET of `url` through `agent` from the address `from`; status 0 when there was no answer. */
function get(url: URL, agent: http.Agent, { from, timeoutMs, text }: { from?: string; timeoutMs: number; text: boolean }): Promise<Answer> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.get(url, { agent, localAddress: from, headers: { 'user-agent': USER_AGENT, accept: text ? 'text/html,application/xml;q=0.9,*/*;q=0.8' : 'image/*' }, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text ? Buffer.concat(chunks).toString('utf8') : '' }));
      response.on('error', () => resolve({ status: 0, headers: {}, body: '' }));
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, headers: {}, body: '', error: error.code ?? error.message }));
  });
}

/** The seconds of a Retry-After header (its number form, as the site sends it), or null. */
function retryAfter(headers: http.IncomingHttpHeaders): number | null {
  const value = Number(headers['retry-after']);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

const locs = (xml: string) => [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
/** The og:image addresses of a page (its metadata may be streamed into the body: the whole HTML is read). */
const ogImages = (html: string) =>
  [...html.matchAll(/<meta\b[^>]*\bproperty="og:image"[^>]*>/g)].map((m) => /\bcontent="([^"]+)"/.exec(m[0])?.[1]?.replace(/&amp;/g, '&')).filter((u): u is string => Boolean(u));

export async function crawl({ base, from, connections = 4, retryImages = false, timeoutMs = 60_000, signal, log = () => undefined }: CrawlOptions): Promise<CrawlReport> {
  const began = performance.now();
  const origin = new URL(base);
  const agent = new (origin.protocol === 'https:' ? https : http).Agent({ keepAlive: true, maxSockets: connections, ...(origin.protocol === 'https:' ? { rejectUnauthorized: false } : {}) });
  /** A site address (the sitemap's, or an og:image's) on the crawled origin. */
  const onSite = (address: string) => {
    const url = new URL(address, origin);
    return new URL(url.pathname + url.search, origin);
  };
  const report: CrawlReport = { pages: 0, images: 0, pageStatuses: {}, imageStatuses: {}, waits: 0, waitedSeconds: 0, deferred: 0, unanswered: 0, requests: 0, failures: [], seconds: 0 };
  const count = (into: Record<string, number>, status: number) => (into[status] = (into[status] ?? 0) + 1);
  const ask = async (url: URL, text: boolean) => {
    report.requests++;
    const answer = await get(url, agent, { from, timeoutMs, text });
    if (answer.status === 0) report.unanswered++;
    return answer;
  };

  // The sitemap, or a sitemap index and its sitemaps.
  const pages: URL[] = [];
  const sitemaps = [onSite('/sitemap.xml')];
  for (let i = 0; i < sitemaps.length; i++) {
    const answer = await ask(sitemaps[i]!, true);
    if (answer.status !== 200) {
      report.failures.push(`sitemap ${sitemaps[i]!.pathname}: ${answer.status}`);
      continue;
    }
    if (/<sitemapindex\b/.test(answer.body)) sitemaps.push(...locs(answer.body).map(onSite));
    else pages.push(...locs(answer.body).map(onSite));
  }
  report.pages = pages.length;

  const images = new Set<string>();
  const imageQueue: URL[] = [];
  /** Until when images are not asked (an image's Retry-After: honoured for the whole site). */
  let imagesFrom = 0;
  let next = 0;
  let imageNext = 0;

  async function page(url: URL): Promise<void> {
    for (;;) {
      const answer = await ask(url, true);
      const wait = retryAfter(answer.headers);
      if ((answer.status === 429 || answer.status === 503) && wait !== null && !signal?.aborted) {
        report.waits++;
        report.waitedSeconds += wait;
        await sleep(wait * 1000, signal);
        continue;
      }
      count(report.pageStatuses, answer.status);
      if (answer.status !== 200) report.failures.push(`page ${url.pathname}: ${answer.status}${answer.error ? ` (${answer.error})` : ''}`);
      for (const image of ogImages(answer.body)) {
        const address = onSite(image);
        if (images.has(address.href)) continue;
        images.add(address.href);
        imageQueue.push(address);
      }
      return;
    }
  }

  async function image(url: URL): Promise<void> {
    for (;;) {
      const hold = imagesFrom - Date.now();
      if (hold > 0) await sleep(hold, signal);
      const answer = await ask(url, false);
      const wait = retryAfter(answer.headers);
      if (answer.status === 429 && wait !== null) {
        report.waits++;
        report.waitedSeconds += wait;
        imagesFrom = Math.max(imagesFrom, Date.now() + wait * 1000);
        if (retryImages && !signal?.aborted) continue;
        count(report.imageStatuses, 429);
        return;
      }
      count(report.imageStatuses, answer.status);
      if (answer.status !== 200) report.failures.push(`image ${url.pathname}${url.search}: ${answer.status}${answer.status === 429 ? ' without Retry-After' : ''}${answer.error ? ` (${answer.error})` : ''}`);
      return;
    }
  }

  // CONNECTIONS workers: pages first, each page's images as they are found, all on one agent of
  // CONNECTIONS sockets (so at most that many connections are open at once).
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!signal?.aborted) {
        const held = imagesFrom > Date.now();
        if (imageNext < imageQueue.length && !held) await image(imageQueue[imageNext++]!);
        else if (next < pages.length) await page(pages[next++]!);
        // The pages are done; the images wait for the site's Retry-After (--retry-images), or are left.
        else if (imageNext < imageQueue.length && retryImages) await image(imageQueue[imageNext++]!);
        else break;
        if ((next + imageNext) % 100 === 0) log(`${next}/${pages.length} pages, ${imageNext}/${imageQueue.length} images`);
      }
    }),
  );
  agent.destroy();
  report.images = images.size;
  report.deferred = imageQueue.length - imageNext;
  report.seconds = (performance.now() - began) / 1000;
  return report;
}

/** The report as lines. */
export function describeCrawl(report: CrawlReport): string[] {
  const statuses = (of: Record<string, number>) => Object.entries(of).map(([status, n]) => `${status}: ${n}`).join(', ') || '-';
  return [
    `pages ${report.pages} (${statuses(report.pageStatuses)}), og:images ${report.images} (${statuses(report.imageStatuses)})`,
    `${report.requests} requests in ${report.seconds.toFixed(1)} s, ${report.waits} answers asked to wait (Retry-After, ${report.waitedSeconds} s in all), ${report.deferred} images left for a later crawl (Retry-After not passed), ${report.unanswered} unanswered`,
    ...report.failures.slice(0, 20).map((failure) => `FAIL ${failure}`),
  ];
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  let base = option('--url');
  let stop = async () => undefined as unknown;
  if (!base) {
    // A server of its own on the current build: a cold page cache, a fresh data folder.
    const port = Number(process.env.PORT ?? 3970);
    base = `http://localhost:${port}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-crawl-'));
    const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
    const server = spawn(process.execPath, ['server.ts'], { cwd: root, env: { ...process.env, PORT: String(port), METRICS_PORT: '0', DATA_DIR: dataDir, NEXT_PUBLIC_SITE_URL: base, LOG_LEVEL: 'warn' }, stdio: 'ignore', detached: true });
    stop = async () => {
      try {
        process.kill(-server.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    process.on('SIGINT', () => void stop().then(() => process.exit(130)));
    const agent = new http.Agent();
    for (let i = 0; i < 600 && (await get(new URL('/api/health', base), agent, { timeoutMs: 2_000, text: true })).status !== 200; i++) await sleep(200);
  }
  try {
    const from = option('--from');
    const connections = Number(option('--connections') ?? 4);
    console.log(`crawling ${base} at ${connections} connections${from ? ` from ${from}` : ''}`);
    const report = await crawl({ base, from, connections, retryImages: args.includes('--retry-images'), log: (line) => console.log(line) });
    for (const line of describeCrawl(report)) console.log(line);
    process.exitCode = report.failures.length > 0 || report.unanswered > 0 || report.pages === 0 ? 1 : 0;
  } finally {
    await stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
