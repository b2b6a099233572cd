// The attack benchmark (`npm run bench:attack`, issues 37 and 47): one hostile client against the site in
// production's topology, a victim on another address measuring a cached page (scripts/perf/attack-topology.ts:
// Debian's nginx from the deploy template over TLS in front of two instances; `--single`: one server.ts).
// Each phase runs one attack of scripts/perf/attack-phases.ts from the attacker's address while the victim
// asks for the page, one request after another on its kept-alive connection:
//
//   quiet, refused bodies, 404 flood, random query, RSC flood, NAT neighbour, crawl (issue 47's findings)
//   field bomb, stalled, og flood, all three (issue 37's, by name in PHASES)
//
// In the NAT neighbour phase a neighbour on the attacker's own address asks for the page too. During each
// phase the victim also sends a form (the JSON form API) and a signed payment notification, which must
// succeed. The attacker runs in a child process of its own (this script with `--attacker`), at nice 19: its
// loops never share an event loop with the victim's, and on one machine they would otherwise take the CPU
// the server needs, which an attacker on the network cannot. Phases run in ROUNDS rounds (quiet, each
// attack), and each phase pools its rounds, so the quiet phase meets the machine's moving load as much as
// the attacks do.
//
// It prints the victim's p50/p99 beside quiet, its 5xx (and unanswered) count, the neighbour's median, the
// crawl's counts and what the attacker got, and exits 1 when a bound of issue 47 fails: a phase's p99 above
// 2x the quiet p99 + 20 ms, any 5xx or unanswered request of the victim, a neighbour median of 100 ms or
// more, a crawl request unanswered or an image neither 200 nor 429 with Retry-After, a failed post, or a
// "no live upstreams" line in nginx's error log.
// Options (environment): PORT (3960; behind nginx also PORT+1..PORT+3), ATTACKER (127.0.0.2), VICTIM
// (127.0.0.3), PHASE_SECONDS (4), ROUNDS (3), PHASES (comma-separated), CPU_PROF=<folder>; `--single`.
import { fork } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeCrawl, type CrawlReport } from '../crawl.ts';
import { attacks, DEFAULT_PHASES, type Got } from './attack-phases.ts';
import { clientAgent, send, startSite } from './attack-topology.ts';

const port = Number(process.env.PORT ?? 3960);
const phaseMs = Number(process.env.PHASE_SECONDS ?? 4) * 1000;
const rounds = Number(process.env.ROUNDS ?? 3);
const secret = 'bench-attack-secret';
const ATTACKER = process.env.ATTACKER ?? '127.0.0.2';
const VICTIM = process.env.VICTIM ?? '127.0.0.3';
const PAGE = '/lv-lv/about';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** The child: runs one phase's attack against `base` until its parent says stop, then reports and exits. */
async function attacker(name: string, base: string): Promise<void> {
  const attack = attacks(base, ATTACKER)[name];
  if (!attack) throw new Error(`no attack named ${name}`);
  const controller = new AbortController();
  const got: Got = new Map();
  const extra: { crawl?: CrawlReport } = {};
  let done: Promise<unknown> = Promise.resolve();
  process.on('message', async () => {
    controller.abort();
    // A crawl under way finishes the requests it sent (its report counts them).
    if (name === 'crawl') await done;
    process.send!({ got: Object.fromEntries(got), crawl: extra.crawl ?? null }, () => process.exit(0));
  });
  process.send!({ ready: true });
  done = attack(controller.signal, got, extra);
  await done;
}

type Measured = { times: number[]; fives: number; unanswered: number; posts: string[]; neighbour: number[]; got: Record<string, number>; crawl: CrawlReport | null; load: number };

/** A client asking for the page, one request after another on its own connection, until `until`. */
async function asker(base: string, from: string, until: number, into: { times: number[]; statuses: number[] }, agent: http.Agent): Promise<void> {
  while (performance.now() < until) {
    const answer = await send(base, from, 'GET', PAGE, { agent });
    into.times.push(answer.ms);
    into.statuses.push(answer.status);
  }
}

/** The victim's two posts (a form and a signed notification): what failed. */
async function posts(base: string): Promise<{ failures: string[]; statuses: number[] }> {
  const form = JSON.stringify({ name: 'Bench Visitor', email: 'bench@example.com', message: 'A question asked during an attack.', locale: 'en-LV' });
  const sent = await send(base, VICTIM, 'POST', '/api/site/ask-question', { body: Buffer.from(form), headers: { 'content-type': 'application/json' } });
  // A valid, signed notification of a payment the site does not know: acknowledged with 200 (docs/api.md).
  const event = JSON.stringify({ id: `evt_${Date.now()}`, type: 'payment.updated', payment_id: 'bench-unknown', provider_ref: 'bench-ref', status: 'paid', amount: 1000, currency: 'EUR', company: 'ucity', created: Math.floor(Date.now() / 1000) });
  const t = Math.floor(Date.now() / 1000);
  const signature = `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${event}`).digest('hex')}`;
  const notified = await send(base, VICTIM, 'POST', '/api/payments/notify', { body: Buffer.from(event), headers: { 'content-type': 'application/json', 'billme-signature': signature } });
  const failures = [...(sent.status === 200 || sent.status === 201 ? [] : [`form POST: ${sent.status}`]), ...(notified.status === 200 ? [] : [`signed notification: ${notified.status}`])];
  return { failures, statuses: [sent.status, notified.status] };
}

/** One phase: the attacker's process started and under way, the victim (and a neighbour) measured, the attacker stopped. */
async function phase(base: string, name: string): Promise<Measured> {
  const child = fork(fileURLToPath(import.meta.url), ['--attacker', name, base], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON'] });
  os.setPriority(child.pid!, 19);
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the attacker of ${name} exited (${code})`)));
  });
  await new Promise((r) => setTimeout(r, 500)); // the attack under way
  const until = performance.now() + phaseMs;
  const victim = { times: [] as number[], statuses: [] as number[] };
  const neighbour = { times: [] as number[], statuses: [] as number[] };
  const agents = [clientAgent(base), clientAgent(base)];
  const [, , posted] = await Promise.all([
    asker(base, VICTIM, until, victim, agents[0]!),
    name === 'NAT neighbour' ? asker(base, ATTACKER, until, neighbour, agents[1]!) : Promise.resolve(),
    new Promise((r) => setTimeout(r, phaseMs / 2)).then(() => posts(base)),
  ]);
  for (const agent of agents) agent.destroy();
  const load = os.loadavg()[0]!;
  const report = await new Promise<{ got: Record<string, number>; crawl: CrawlReport | null }>((resolve) => {
    child.removeAllListeners('exit');
    child.once('message', (message) => resolve(message as { got: Record<string, number>; crawl: CrawlReport | null }));
    child.send('stop');
  });
  await new Promise((r) => child.once('exit', r));
  const statuses = [...victim.statuses, ...posted.statuses];
  return {
    times: victim.times,
    fives: statuses.filter((s) => s >= 500).length,
    unanswered: statuses.filter((s) => s === 0).length,
    posts: [...posted.failures, ...victim.statuses.filter((s) => s !== 200).map((s) => `GET ${PAGE}: ${s}`)],
    neighbour: neighbour.times,
    got: report.got,
    crawl: report.crawl,
    load,
  };
}

async function main() {
  const single = process.argv.includes('--single');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-attack-'));
  const site = await startSite({ single, port, cpuProfile: process.env.CPU_PROF, probeFrom: VICTIM, env: { DATA_DIR: dataDir, PAYMENT_WEBHOOK_SECRET: secret, FORM_RATE_LIMIT: '10000' } });
  const stop = async () => {
    await site.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    const warm = clientAgent(site.base);
    // Rendered once on each instance, then kept: a cached page.
    for (let i = 0; i < 200; i++) await send(site.base, VICTIM, 'GET', PAGE, { agent: warm });
    warm.destroy();
    // The sharing-image route loaded once, from a third address: the phases measure a running server.
    await send(site.base, '127.0.0.4', 'GET', `/api/og?${new URLSearchParams({ locale: 'en-LV', path: '/warm-up' })}`);
    console.log(`${site.topology} on ${site.base}; attacker ${ATTACKER}, victim ${VICTIM}; ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const chosen = process.env.PHASES?.split(',').map((name) => name.trim()) ?? DEFAULT_PHASES;
    const pooled = new Map<string, Measured[]>();
    for (let round = 0; round < rounds; round++) for (const name of ['quiet', ...chosen]) pooled.set(name, [...(pooled.get(name) ?? []), await phase(site.base, name)]);
    const rows = [...pooled].map(([name, runs]) => {
      const sorted = runs.flatMap((run) => run.times).sort((a, b) => a - b);
      const neighbour = runs.flatMap((run) => run.neighbour).sort((a, b) => a - b);
      const got: Record<string, number> = {};
      for (const run of runs) for (const [status, n] of Object.entries(run.got)) got[status] = (got[status] ?? 0) + n;
      const failures = new Map<string, number>();
      for (const post of runs.flatMap((run) => run.posts)) failures.set(post, (failures.get(post) ?? 0) + 1);
      const crawls = runs.map((run) => run.crawl).filter((c): c is CrawlReport => c !== null);
      return {
        name,
        n: sorted.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        fives: runs.reduce((sum, run) => sum + run.fives, 0),
        unanswered: runs.reduce((sum, run) => sum + run.unanswered, 0),
        neighbour: neighbour.length ? percentile(neighbour, 50) : null,
        posts: [...failures].map(([what, times]) => (times > 1 ? `${what} (${times}×)` : what)),
        got,
        crawls,
        load: runs.reduce((sum, run) => sum + run.load, 0) / runs.length,
      };
    });
    const quiet = rows[0]!.p99;
    const bound = 2 * quiet + 20;
    let failed = false;
    console.log(`${PAGE} for the victim, ${rounds} rounds of ${phaseMs / 1000} s per phase (ms); bound: p99 <= 2 x quiet + 20 = ${bound.toFixed(1)}; load: 1-minute load average`);
    console.log('phase            requests    p50     p99  p99/quiet  5xx  none  neighbour p50  load  posts  attacker got (status: answers; 0: no answer)');
    for (const row of rows) {
      // A crawl fails on a request without an answer, a page that did not end 200, an image neither 200 nor 429 with Retry-After.
      const crawlBad = row.crawls.some((c) => c.unanswered > 0 || c.failures.length > 0);
      const bad = row.p99 > bound || row.fives > 0 || row.unanswered > 0 || row.posts.length > 0 || (row.neighbour !== null && row.neighbour >= 100) || crawlBad;
      failed ||= bad;
      const got = Object.entries(row.got).map(([status, count]) => `${status}: ${count}`).join(', ') || '-';
      const neighbour = row.neighbour === null ? '-' : row.neighbour.toFixed(1);
      console.log(
        `${row.name.padEnd(16)} ${String(row.n).padStart(8)} ${row.p50.toFixed(1).padStart(6)} ${row.p99.toFixed(1).padStart(7)} ${(row.p99 / quiet).toFixed(2).padStart(9)} ${String(row.fives).padStart(4)} ${String(row.unanswered).padStart(5)} ${neighbour.padStart(14)} ${row.load.toFixed(1).padStart(5)}  ${row.posts.length ? row.posts.join('; ') : 'ok'}  ${got}${bad ? '  FAIL' : ''}`,
      );
      for (const [i, report] of row.crawls.entries()) for (const line of describeCrawl(report)) console.log(`  crawl, round ${i + 1}: ${line}`);
    }
    const noLive = site.noLiveUpstreams();
    if (site.topology !== 'one instance') console.log(`nginx error log: ${noLive} "no live upstreams"${noLive ? '  FAIL' : ''}`);
    failed ||= noLive > 0;
    process.exitCode = failed ? 1 : 0;
  } finally {
    await stop();
  }
}

const role = process.argv.indexOf('--attacker');
if (role >= 0) await attacker(process.argv[role + 1] ?? '', process.argv[role + 2] ?? '');
else await main();
