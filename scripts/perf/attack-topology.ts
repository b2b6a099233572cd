// The attack benchmark's site (scripts/perf/attack.ts): production's topology by default, Debian's nginx
// from deploy/nginx/nginx.conf.template (through deploy/nginx.sh, TLS and HTTP/1.1 from these clients) in
// front of two instances of server.ts with TRUSTED_PROXY_HOPS=1 and the upstreams' max_fails=0, as
// deploy/cluster.sh runs them; or, with --single, one server.ts answering plain http itself.
// The instances share one data folder (SQLite; the cluster's PostgreSQL is not what is measured here).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';

export type Answer = { status: number; ms: number };
export type Site = {
  /** The address clients use (https://localhost:PORT behind nginx, http://localhost:PORT alone). */
  base: string;
  topology: 'nginx + 2 instances' | 'one instance';
  /** nginx's error log lines that say it took every instance out ("no live upstreams"), 0 alone. */
  noLiveUpstreams(): number;
  stop(): Promise<void>;
};
export type SendOptions = { body?: Buffer; headers?: Record<string, string>; stall?: boolean; signal?: AbortSignal; agent?: http.Agent };

/**
 * One request to the site from the loopback address `from`; status 0 when there was no answer (closed,
 * reset, timed out). `base` is the site's address; TLS certificates are not checked (nginx's is self-signed).
 */
export function send(base: string, from: string, method: string, pathname: string, options: SendOptions = {}): Promise<Answer> {
  const url = new URL(pathname, base);
  const client = url.protocol === 'https:' ? https : http;
  const began = performance.now();
  return new Promise((resolve) => {
    const request = client.request(
      url,
      { method, localAddress: from, agent: options.agent ?? false, headers: options.headers, signal: options.signal, timeout: 30_000, ...(url.protocol === 'https:' ? { rejectUnauthorized: false } : {}) },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - began }));
        response.on('error', () => resolve({ status: 0, ms: performance.now() - began }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ status: 0, ms: performance.now() - began }));
    const body = options.body;
    if (!body) return void request.end();
    if (options.stall) request.write(body.subarray(0, body.length - 1));
    else request.end(body);
  });
}

/** A keep-alive agent for one client (a browser keeps its connection), TLS unchecked. */
export function clientAgent(base: string): http.Agent {
  return base.startsWith('https:') ? new https.Agent({ keepAlive: true, maxSockets: 1, rejectUnauthorized: false }) : new http.Agent({ keepAlive: true, maxSockets: 1 });
}

function startInstance(port: number, env: Record<string, string>, profile: string[]): ChildProcess {
  return spawn(process.execPath, [...profile, 'server.ts'], { env: { ...process.env, PORT: String(port), METRICS_PORT: '0', LOG_LEVEL: 'warn', ...env }, stdio: 'ignore', detached: true });
}

async function stopInstance(child: ChildProcess, profile: boolean): Promise<void> {
  try {
    // SIGINT first under --cpu-prof: the server writes its profile as it exits.
    process.kill(-child.pid!, profile ? 'SIGINT' : 'SIGKILL');
    if (profile) await new Promise((r) => child.once('exit', r));
  } catch {
    // already gone
  }
}

async function healthy(base: string, from: string): Promise<void> {
  // Up to two minutes: on a loaded shared machine Next's start alone has taken 40 s.
  for (let i = 0; i < 600 && (await send(base, from, 'GET', '/api/health')).status !== 200; i++) await new Promise((r) => setTimeout(r, 200));
}

/**
 * Starts the site: one instance on `port`, or nginx on `port` (https; `port`+1 its plain http) in front
 * of two instances on `port`+2 and `port`+3. `env`: the instances' environment (their data folder).
 */
export async function startSite({ single, port, env, cpuProfile, probeFrom }: { single: boolean; port: number; env: Record<string, string>; cpuProfile?: string; probeFrom: string }): Promise<Site> {
  const profile = cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfile)}`] : [];
  if (single) {
    const base = `http://localhost:${port}`;
    const child = startInstance(port, { NEXT_PUBLIC_SITE_URL: base, ...env }, profile);
    await healthy(base, probeFrom);
    return { base, topology: 'one instance', noLiveUpstreams: () => 0, stop: () => stopInstance(child, profile.length > 0) };
  }
  const base = `https://localhost:${port}`;
  const ports = [port + 2, port + 3];
  const instances = ports.map((p) => startInstance(p, { NEXT_PUBLIC_SITE_URL: base, TRUSTED_PROXY_HOPS: '1', INSTANCE_NAME: `bench-${p}`, ...env }, profile));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-attack-nginx-'));
  // deploy/cluster.sh's upstream lines: max_fails=0, so nothing a client sends can mark an instance down.
  const started = spawnSync('bash', ['deploy/nginx.sh', 'start', dir, String(port), String(port + 1), ...ports.map((p) => `127.0.0.1:${p} max_fails=0`)], { stdio: 'inherit' });
  if (started.status !== 0) throw new Error('nginx did not start (deploy/servers.sh install nginx)');
  for (const p of ports) await healthy(`http://localhost:${p}`, probeFrom);
  await healthy(base, probeFrom);
  const errorLog = path.join(dir, 'error.log');
  return {
    base,
    topology: 'nginx + 2 instances',
    noLiveUpstreams: () => (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8').split('\n').filter((line) => line.includes('no live upstreams')).length : 0),
    async stop() {
      spawnSync('bash', ['deploy/nginx.sh', 'stop', dir], { stdio: 'inherit' });
      await Promise.all(instances.map((child) => stopInstance(child, profile.length > 0)));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
