// The attack benchmark (`npm run bench:attack`, issue 37): one hostile client against the production
// server, a second client measuring. The server (server.ts on the current build) is started here with
// a fresh data folder. The second client (127.0.0.3) asks for a cached page, one request after another,
// first without attack, then during each attack from the first client (127.0.0.2):
//
//   field bomb   3 loops posting 5.3 MB of 108,969 empty form fields to a vacancy page (finding 2)
//   stalled      3 job-application uploads of 5.5 MB that stop before their last byte, reopened as they
//                are cut (finding 3)
//   og flood     8 loops asking /api/og for the sharing images of every page (finding 4)
//   all three    at once
//
// During each attack the second client also sends a form (the JSON form API) and a signed payment
// notification, which must succeed. It prints p50/p99 of the page for each phase and exits 1 when a
// phase's p99 is above 2x the quiet p99 or one of the second client's posts failed.
// Options (environment): PORT (3960), PHASE_SECONDS (6).
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const port = Number(process.env.PORT ?? 3960);
const phaseMs = Number(process.env.PHASE_SECONDS ?? 6) * 1000;
const secret = 'bench-attack-secret';
const site = `http://localhost:${port}`;
const ATTACKER = '127.0.0.2';
const VISITOR = '127.0.0.3';
const PAGE = '/lv-lv/about';

type Answer = { status: number; ms: number };

/** One request from the loopback address `from`; the body is sent whole, or `stall`s before its last byte. */
function send(from: string, method: string, pathname: string, options: { body?: Buffer; headers?: Record<string, string>; stall?: boolean; signal?: AbortSignal } = {}): Promise<Answer> {
  const began = performance.now();
  return new Promise((resolve) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: pathname, localAddress: from, agent: false, headers: options.headers, signal: options.signal }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - began }));
      response.on('error', () => resolve({ status: 0, ms: performance.now() - began }));
    });
    request.on('error', () => resolve({ status: 0, ms: performance.now() - began }));
    const body = options.body;
    if (!body) return void request.end();
    if (options.stall) request.write(body.subarray(0, body.length - 1));
    else request.end(body);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** The second client for one phase: the page, one request after another, and its two posts. */
async function visitor(): Promise<{ p50: number; p99: number; n: number; posts: string[] }> {
  const times: number[] = [];
  const failures: string[] = [];
  const until = performance.now() + phaseMs;
  let posted = false;
  while (performance.now() < until) {
    const answer = await send(VISITOR, 'GET', PAGE);
    if (answer.status !== 200) failures.push(`GET ${PAGE}: ${answer.status}`);
    times.push(answer.ms);
    if (!posted && performance.now() > until - phaseMs / 2) {
      posted = true;
      const form = JSON.stringify({ name: 'Bench Visitor', email: 'bench@example.com', message: 'A question asked during an attack.', locale: 'en-LV' });
      const sent = await send(VISITOR, 'POST', '/api/site/ask-question', { body: Buffer.from(form), headers: { 'content-type': 'application/json' } });
      if (sent.status !== 200 && sent.status !== 201) failures.push(`form POST: ${sent.status}`);
      const event = JSON.stringify({ id: `evt_${Date.now()}`, type: 'payment.updated', payment_id: 'bench-unknown', status: 'paid', created: Math.floor(Date.now() / 1000) });
      const t = Math.floor(Date.now() / 1000);
      const signature = `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${event}`).digest('hex')}`;
      const notified = await send(VISITOR, 'POST', '/api/payments/notify', { body: Buffer.from(event), headers: { 'content-type': 'application/json', 'billme-signature': signature } });
      if (notified.status !== 200) failures.push(`signed notification: ${notified.status}`);
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: times.length, posts: failures };
}

/** Runs `attack` in `loops` parallel loops until the signal stops it. */
function loop(loops: number, signal: AbortSignal, attack: (i: number) => Promise<unknown>): Promise<unknown> {
  return Promise.all(
    Array.from({ length: loops }, async (_, index) => {
      for (let i = index; !signal.aborted; i += loops) await attack(i);
    }),
  );
}

/** A vacancy of the English content (content/vacancies/en/<slug>.md): its page takes a CV. */
const vacancySlug = fs.readdirSync(path.join('content', 'vacancies', 'en')).find((name) => name.endsWith('.md'))!.replace(/\.md$/, '');
const bomb = Buffer.from(`${'--x\r\nContent-Disposition: form-data; name="f"\r\n\r\n\r\n'.repeat(108_969)}--x--\r\n`);
const upload = Buffer.concat([
  Buffer.from('--x\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n'),
  Buffer.alloc(5.4 * 1024 * 1024, 1),
  Buffer.from('\r\n--x--\r\n'),
]);
const multipart = { 'content-type': 'multipart/form-data; boundary=x', origin: site };
const editions = ['lv-LV', 'en-LV', 'ru-LV', 'et-EE', 'en-EE', 'ru-EE', 'el-CY', 'en-CY', 'ru-CY'];
const ogUrls = editions.flatMap((locale) => ['/', '/about', '/faq', '/careers', '/blog', '/contacts'].map((p) => `/api/og?${new URLSearchParams({ locale, path: p })}`));

const attacks: Record<string, (signal: AbortSignal) => Promise<unknown>> = {
  'field bomb': (signal) => loop(3, signal, () => send(ATTACKER, 'POST', `/lv-en/careers/${vacancySlug}`, { body: bomb, headers: multipart, signal })),
  stalled: (signal) => loop(3, signal, () => send(ATTACKER, 'POST', `/lv-en/careers/${vacancySlug}`, { body: upload, headers: multipart, stall: true, signal })),
  'og flood': (signal) => loop(8, signal, (i) => send(ATTACKER, 'GET', ogUrls[i % ogUrls.length]!, { signal })),
};
const each = Object.values(attacks);
attacks['all three'] = (signal) => Promise.all(each.map((attack) => attack(signal)));

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-attack-'));
  const server = spawn(process.execPath, ['server.ts'], {
    env: { ...process.env, PORT: String(port), METRICS_PORT: '0', DATA_DIR: dataDir, NEXT_PUBLIC_SITE_URL: site, PAYMENT_WEBHOOK_SECRET: secret, FORM_RATE_LIMIT: '10000', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-server.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => (stop(), process.exit(130)));
  try {
    for (let i = 0; i < 150 && (await send(VISITOR, 'GET', '/api/health')).status !== 200; i++) await new Promise((r) => setTimeout(r, 200));
    for (let i = 0; i < 20; i++) await send(VISITOR, 'GET', PAGE); // rendered once, then kept: a cached page
    console.log(`server up on ${site}; ${phaseMs / 1000} s per phase`);
    const rows: { phase: string; p50: number; p99: number; n: number; posts: string[] }[] = [];
    rows.push({ phase: 'quiet', ...(await visitor()) });
    for (const [phase, attack] of Object.entries(attacks)) {
      const controller = new AbortController();
      const running = attack(controller.signal);
      await new Promise((r) => setTimeout(r, 500)); // the attack under way
      rows.push({ phase, ...(await visitor()) });
      controller.abort();
      await running;
    }
    const quiet = rows[0]!.p99;
    let failed = false;
    console.log(`${PAGE} for a second client, ${phaseMs / 1000} s per phase (ms):`);
    console.log('phase        requests    p50     p99   p99/quiet  posts');
    for (const row of rows) {
      const ratio = row.p99 / quiet;
      const bad = ratio > 2 || row.posts.length > 0;
      failed ||= bad;
      console.log(
        `${row.phase.padEnd(12)} ${String(row.n).padStart(8)} ${row.p50.toFixed(1).padStart(6)} ${row.p99.toFixed(1).padStart(7)} ${ratio.toFixed(2).padStart(10)}  ${row.posts.length ? row.posts.join('; ') : 'ok'}${bad ? '  FAIL' : ''}`,
      );
    }
    process.exitCode = failed ? 1 : 0;
  } finally {
    stop();
  }
}

await main();
