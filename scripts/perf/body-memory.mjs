// How much memory the production server (server.ts) gives to large request bodies sent at once, and
// whether ordinary pages still answer meanwhile (issue 28, defect 1).
//
//   npm run build && node scripts/perf/body-memory.mjs [--port 4390] [--clients 200] [--mb 5.8] [--path /lv-en]
//
// Starts `node server.ts` on a fresh DATA_DIR, warms it up, then opens N connections that each send a
// chunked POST of M MB at once, while a page is fetched every 250 ms. Prints the server's resident
// memory (VmRSS from /proc) before and at its peak, the statuses the posts got, and the page answers.
// A figure, not a pass/fail test: the run takes about a minute and depends on the machine.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const port = Number(arg('port', '4390'));
const clients = Number(arg('clients', '200'));
const bytes = Math.round(Number(arg('mb', '5.8')) * 1024 * 1024);
const target = arg('path', '/lv-en');
const page = arg('page', '/lv-en/about');
const base = `http://localhost:${port}`;

const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const mb = (n) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A chunked POST of `size` bytes in 64 KB chunks; resolves with the status (0: connection cut). */
function chunkedPost(size) {
  return new Promise((resolve) => {
    const agent = new http.Agent({ keepAlive: false });
    // A job application is a multipart form (the only kind of post that may carry a CV's 5 MB).
    const type = target.includes('/careers/') ? 'multipart/form-data; boundary=x' : 'application/x-www-form-urlencoded';
    const request = http.request(`${base}${target}`, { method: 'POST', agent, headers: { 'content-type': type, 'transfer-encoding': 'chunked' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', () => resolve(0));
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    const write = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!request.write(sent > size ? chunk.subarray(0, chunk.length - (sent - size)) : chunk)) return void request.once('drain', write);
      }
      request.end();
    };
    write();
  });
}

async function timedGet(url) {
  const started = performance.now();
  const status = await fetch(url, { signal: AbortSignal.timeout(30_000) }).then((r) => r.arrayBuffer().then(() => r.status)).catch(() => 0);
  return { status, ms: Math.round(performance.now() - started) };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-body-memory-'));
const server = spawn('node', ['server.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NEXT_PUBLIC_SITE_URL: base, NODE_ENV: 'production' },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGKILL');
  } catch {}
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

try {
  for (let i = 0; i < 150 && (await timedGet(`${base}/api/health`)).status !== 200; i++) await sleep(200);
  // Warm up: the pages and the form path compiled and cached, so the baseline is a running server's.
  for (let i = 0; i < 5; i++) for (const url of [page, target, '/lv-lv', '/lv-en/ask-question']) await timedGet(`${base}${url}`);
  await sleep(1000);
  const before = rss(server.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(server.pid))), 50);
  const pages = [];
  let posting = true;
  const pageLoop = (async () => {
    while (posting) {
      pages.push(await timedGet(`${base}${page}`));
      await sleep(250);
    }
  })();
  const started = performance.now();
  const statuses = await Promise.all(Array.from({ length: clients }, () => chunkedPost(bytes)));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  posting = false;
  await pageLoop;
  clearInterval(sampler);
  const count = {};
  for (const status of statuses) count[status] = (count[status] ?? 0) + 1;
  const ok = pages.filter((p) => p.status === 200);
  const slowest = Math.max(0, ...pages.map((p) => p.ms));
  console.log(`${clients} chunked POSTs of ${(bytes / 1024 / 1024).toFixed(1)} MB to ${target}, all at once (${seconds} s)`);
  console.log(`  statuses: ${Object.entries(count).map(([s, n]) => `${s === '0' ? 'cut' : s} x${n}`).join(', ')}`);
  console.log(`  server RSS: ${mb(before)} before, ${mb(peak)} at peak, growth ${mb(peak - before)}`);
  console.log(`  ${page} meanwhile: ${ok.length}/${pages.length} answered 200, slowest ${slowest} ms`);
} finally {
  stop();
}
