// The attacks of the attack benchmark (scripts/perf/attack.ts), each run by the attacker's own process
// from one loopback address until its parent says stop. Issue 47's, one per finding of its probe:
//
//   refused bodies   small field bombs (each refused 400, so the address is braked) in 3 loops, and the
//                    same address's 8 loops of page views (finding 1: its GETs were dropped unanswered,
//                    nginx took both instances out, and everyone got 502)
//   404 flood        60 requests a second of made-up paths: of an edition, of no edition (Next's redirect)
//                    and of an unknown edition (finding 2)
//   random query     60 a second of a page with a random query string (finding 2)
//   RSC flood        60 a second of `?_rsc=<random>` with `rsc: 1` (finding 2)
//   NAT neighbour    the refused bodies again; the benchmark measures a neighbour on this same address
//                    (finding 3)
//   crawl            `npm run crawl`'s crawl of the whole sitemap at 4 connections, following og:image,
//                    honouring Retry-After (finding 4)
//
// and issue 37's (PHASES=...): field bomb, stalled, og flood, all three.
import fs from 'node:fs';
import path from 'node:path';
import { crawl, type CrawlReport } from '../crawl.ts';
import { send, type Answer } from './attack-topology.ts';

export type Got = Map<number, number>;
export type Attack = (signal: AbortSignal, got: Got, extra: { crawl?: CrawlReport }) => Promise<unknown>;

/** Runs `attack` in `loops` parallel loops until the signal stops it. */
function loop(loops: number, signal: AbortSignal, attack: (i: number) => Promise<Answer>, got: Got): Promise<unknown> {
  return Promise.all(
    Array.from({ length: loops }, async (_, index) => {
      for (let i = index; !signal.aborted; i += loops) {
        const { status } = await attack(i);
        if (!signal.aborted) got.set(status, (got.get(status) ?? 0) + 1);
      }
    }),
  );
}

/** `perSecond` requests a second, whatever the answers take (at most 256 unanswered at once), until stopped. */
async function rate(perSecond: number, signal: AbortSignal, attack: (i: number) => Promise<Answer>, got: Got): Promise<unknown> {
  const pending = new Set<Promise<unknown>>();
  const began = performance.now();
  for (let i = 0; !signal.aborted; i++) {
    const due = began + (i * 1000) / perSecond - performance.now();
    if (due > 0) await new Promise((r) => setTimeout(r, due));
    if (signal.aborted || pending.size >= 256) continue;
    const request = attack(i).then(({ status }) => {
      pending.delete(request);
      if (!signal.aborted) got.set(status, (got.get(status) ?? 0) + 1);
    });
    pending.add(request);
  }
  return Promise.all(pending);
}

const random = () => Math.random().toString(36).slice(2, 10);

export function attacks(base: string, from: string): Record<string, Attack> {
  const to = (method: string, pathname: string, options: Parameters<typeof send>[4] = {}) => send(base, from, method, pathname, options);
  /** A vacancy of the English content (content/vacancies/en/<slug>.md): its page takes a CV. */
  const vacancySlug = fs.readdirSync(path.join('content', 'vacancies', 'en')).find((name) => name.endsWith('.md'))!.replace(/\.md$/, '');
  const origin = { origin: base };
  const multipart = { 'content-type': 'multipart/form-data; boundary=x', ...origin };
  const bomb = Buffer.from(`${'--x\r\nContent-Disposition: form-data; name="f"\r\n\r\n\r\n'.repeat(108_969)}--x--\r\n`);
  // More parts than any form of the site: refused 400 within its first chunk (the brake counts it).
  const smallBomb = Buffer.from(`${'--x\r\nContent-Disposition: form-data; name="f"\r\n\r\n\r\n'.repeat(200)}--x--\r\n`);
  const upload = Buffer.concat([
    Buffer.from('--x\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n'),
    Buffer.alloc(5.4 * 1024 * 1024, 1),
    Buffer.from('\r\n--x--\r\n'),
  ]);
  const editions = ['lv-LV', 'en-LV', 'ru-LV', 'et-EE', 'en-EE', 'ru-EE', 'el-CY', 'en-CY', 'ru-CY'];
  const ogUrls = editions.flatMap((locale) => ['/', '/about', '/faq', '/careers', '/blog', '/contacts'].map((p) => `/api/og?${new URLSearchParams({ locale, path: p })}`));
  const pages = ['/lv-lv', '/lv-en/faq', '/ee-et/about', '/cy-el/business', '/lv-ru/blog'];
  const refused: Attack = (signal, got) =>
    Promise.all([
      loop(3, signal, () => to('POST', '/lv-lv/ask-question', { body: smallBomb, headers: multipart, signal }), got),
      loop(8, signal, (i) => to('GET', pages[i % pages.length]!, { signal }), got),
    ]);
  const old = {
    'field bomb': ((signal, got) => loop(3, signal, () => to('POST', `/lv-en/careers/${vacancySlug}`, { body: bomb, headers: multipart, signal }), got)) as Attack,
    stalled: ((signal, got) => loop(3, signal, () => to('POST', `/lv-en/careers/${vacancySlug}`, { body: upload, headers: multipart, stall: true, signal }), got)) as Attack,
    'og flood': ((signal, got) => loop(8, signal, (i) => to('GET', ogUrls[i % ogUrls.length]!, { signal }), got)) as Attack,
  };
  const missing = [(id: string) => `/lv-en/${id}`, (id: string) => `/ee-ru/blog/${id}`, (id: string) => `/${id}`, (id: string) => `/xx-yy/${id}`];
  return {
    quiet: () => new Promise(() => undefined),
    'refused bodies': refused,
    '404 flood': (signal, got) => rate(60, signal, (i) => to('GET', missing[i % missing.length]!(random()), { signal }), got),
    'random query': (signal, got) => rate(60, signal, (i) => to('GET', `${pages[i % pages.length]}?${random()}=${random()}`, { signal }), got),
    'RSC flood': (signal, got) => rate(60, signal, (i) => to('GET', `${pages[i % pages.length]}?_rsc=${random()}`, { headers: { rsc: '1' }, signal }), got),
    'NAT neighbour': refused,
    crawl: async (signal, got, extra) => {
      extra.crawl = await crawl({ base, from, connections: 4, signal });
      for (const [status, n] of Object.entries({ ...extra.crawl.pageStatuses })) got.set(Number(status), (got.get(Number(status)) ?? 0) + n);
    },
    ...old,
    'all three': (signal, got, extra) => Promise.all(Object.values(old).map((attack) => attack(signal, got, extra))),
  };
}

/** Issue 47's phases, run by default; the others by name (PHASES). */
export const DEFAULT_PHASES = ['refused bodies', '404 flood', 'random query', 'RSC flood', 'NAT neighbour', 'crawl'];
