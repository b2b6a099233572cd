// Throughput of content pages, embedded and remote, against the home page measured in the same run.
//   npm run build && node scripts/perf/bench-content.mjs [seconds=8] [connections=20]
// Starts two production servers: one on its embedded content (port 3400) and one in remote mode
// reading the first one's /api/site over HTTP (port 3401), warms both, then loads each URL in turn.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const seconds = Number(process.argv[2] ?? 8);
const connections = Number(process.argv[3] ?? 20);
const embedded = 3400;
const remote = 3401;

function start(port, env = {}) {
  const child = spawn('npx', ['next', 'start', '-p', String(port)], {
    env: { ...process.env, NODE_ENV: 'production', NEXT_PUBLIC_SITE_URL: `http://localhost:${port}`, ...env },
    stdio: 'ignore',
    detached: true,
  });
  return child;
}

async function ready(url) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(500);
  }
  throw new Error(`${url} did not start`);
}

async function load(url) {
  const latencies = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        const response = await fetch(url).catch(() => null);
        if (!response || response.status !== 200) errors++;
        await response?.arrayBuffer();
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(0);
  return { rps: latencies.length / seconds, p50: q(0.5), p95: q(0.95), errors };
}

const servers = [start(embedded), start(remote, { API_BASE_URL: `http://localhost:${embedded}/api` })];
try {
  await ready(`http://localhost:${embedded}/lv-en`);
  await ready(`http://localhost:${remote}/lv-en`);
  const targets = [
    ['home (baseline)', `http://localhost:${embedded}/lv-en`],
    ['article, embedded', `http://localhost:${embedded}/lv-en/blog/how-automatic-payment-works`],
    ['guides list, embedded', `http://localhost:${embedded}/lv-en/guides`],
    ['article, remote API (cached)', `http://localhost:${remote}/lv-en/blog/how-automatic-payment-works`],
    ['guides list, remote API (cached)', `http://localhost:${remote}/lv-en/guides`],
  ];
  for (const [, url] of targets) for (let i = 0; i < 5; i++) await fetch(url).then((r) => r.arrayBuffer());

  console.log(`${seconds}s per URL, ${connections} connections, Node ${process.version}\n`);
  console.log('page'.padEnd(34), 'req/s'.padStart(7), 'p50 ms'.padStart(7), 'p95 ms'.padStart(7), 'errors'.padStart(7), ' vs baseline');
  let baseline = 0;
  for (const [name, url] of targets) {
    const r = await load(url);
    baseline ||= r.rps;
    console.log(name.padEnd(34), r.rps.toFixed(1).padStart(7), r.p50.padStart(7), r.p95.padStart(7), String(r.errors).padStart(7), ` ${(r.rps / baseline).toFixed(2)}x`);
  }
} finally {
  for (const child of servers) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
  }
}
