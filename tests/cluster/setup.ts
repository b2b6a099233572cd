import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cluster } from './support';

/**
 * Starts, once for the cluster tests: an embedded instance of the site as the content API (behind the
 * faultable proxy of the browser tests, to change what it answers), then PostgreSQL, Redis, three
 * instances and nginx (deploy/cluster.sh, from the existing build). Stops all of it afterwards.
 */
const children: ChildProcess[] = [];

function spawnGroup(command: string, args: string[], env: Record<string, string>, log: string): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, detached: true, stdio: ['ignore', fs.openSync(log, 'w'), fs.openSync(log, 'a')] });
  children.push(child);
  return child;
}

async function waitFor(url: string, tries = 150) {
  for (let i = 0; i < tries; i++) {
    if (await fetch(url).then((r) => r.ok).catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no answer from ${url}`);
}

export async function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-cluster-'));
  spawnGroup('node', ['server.ts'], { PORT: String(cluster.contentPort), METRICS_PORT: '0', DATA_DIR: path.join(dir, 'content'), NEXT_PUBLIC_SITE_URL: `http://localhost:${cluster.contentPort}` }, path.join(dir, 'content.log'));
  spawnGroup('node', ['e2e/support/flaky-api.mjs'], { FLAKY_API_PORT: String(cluster.apiPort), FLAKY_API_UPSTREAM: `http://localhost:${cluster.contentPort}` }, path.join(dir, 'api.log'));
  await waitFor(`http://localhost:${cluster.contentPort}/api/health`);
  await waitFor(`http://localhost:${cluster.apiPort}/__health`);
  // A cold Next server loads each route's code on its first request, which on a busy two-core machine
  // can outlast the instances' 1.5 s content deadline (and open its 15 s pause): warm the content API first.
  for (const lang of ['lv', 'en', 'ru', 'et', 'el']) {
    await Promise.all(['articles', 'guides', 'pages', 'vacancies'].map((kind) => fetch(`http://localhost:${cluster.contentPort}/api/site/${kind}?lang=${lang}`).then((r) => r.text())));
  }
  await fetch(`http://localhost:${cluster.contentPort}/api/site/page/contacts?lang=en`).then((r) => r.text());
  execFileSync('bash', ['deploy/cluster.sh', 'start'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      CLUSTER_SKIP_BUILD: '1',
      SERVERS_DIR: cluster.serversDir,
      DATA_DIR: path.join(dir, 'data'),
      API_BASE_URL: `http://localhost:${cluster.apiPort}/api`,
      REVALIDATE_SECRET: cluster.secret,
      CONTENT_TIMEOUT_MS: '1500',
      FORM_RATE_LIMIT: '3',
      // The tests read each answer's cache state (x-cache; off in production).
      PAGE_CACHE_STATUS: 'on',
      // Every run starts from an empty database and an empty cache.
      PG_DATABASE: 'billme_cluster_test',
      PG_FRESH: '1',
      REDIS_FRESH: '1',
    },
  });
  // Three instances starting at once on two cores can time out their first content call, and an instance
  // then leaves the API alone for 15 s (lib/content/cache.ts): a page it never had answers "unavailable"
  // meanwhile. The tests start once every instance serves a content page.
  for (const url of cluster.instances) await waitFor(`${url}/cy-el/blog`, 150);
}

export async function teardown() {
  execFileSync('bash', ['deploy/cluster.sh', 'stop'], { stdio: 'inherit', env: { ...process.env, SERVERS_DIR: cluster.serversDir } });
  for (const child of children) if (child.pid) process.kill(-child.pid, 'SIGKILL');
}
