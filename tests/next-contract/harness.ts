// Builds the tiny app (tiny-app.ts) with a given `next` in a temporary folder, starts it and captures
// what the site's assumptions are about (lib/next-adapter/README.md): the real HTML, headers, manifests
// and chunks, as plain data that assumptions.ts checks (and contract.test.ts breaks on purpose).
// Relative `.ts` imports only: scripts/check-next.ts runs this with Node directly.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterFirstPaint, DATA_HEADER } from '../../lib/http/late-scripts.ts';
import { botTestOf } from '../../lib/next-adapter/bots.ts';
import { APP_PATHS_MANIFEST, BUILD_ID_FILE, BUILD_MANIFEST, REQUIRED_SERVER_FILES, readClientManifests, ROUTES_MANIFEST } from '../../lib/next-adapter/build.ts';
import { chunkSources } from '../../lib/next-adapter/html.ts';
import { BOOTSTRAP_ID, REACT_FIBER_PREFIX } from '../../lib/next-adapter/hydration.ts';
import { ROUTER_HEADERS_MODULE } from '../../lib/next-adapter/request-headers.ts';
import { DEPLOYMENT_ID, REWRITTEN_PATH, TINY_APP } from './tiny-app.ts';

/** A user agent Next renders for as an HTML-limited bot, and a browser's. */
export const BOT_UA = 'Twitterbot/1.0';
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36';

/** `scripts`: the address of every script the page fetched, in order, until a moment after the click. */
export type Hydration = { bootstrap: boolean; fiber: boolean; clicked: string; scripts: string[] };
export type Answer = { status: number; headers: Record<string, string>; body: string };
export type Capture = {
  nextVersion: string;
  deploymentId: string;
  /** GET / as a browser; as an HTML-limited bot; with Next's `rsc: 1` header. */
  page: Answer;
  botPage: Answer;
  rsc: Answer;
  /** GET of a path the proxy rewrites to `/` asking for 503. */
  rewritten: Answer;
  api: Answer;
  missing: Answer;
  /** The page's chunk scripts: address → source. */
  chunks: Record<string, string>;
  dist: { buildId: string | null; routesManifest: unknown; appPathsManifest: unknown; buildManifest: unknown; requiredServerFiles: unknown; clientManifests: string[]; files: string[] };
  /** The exports of the tested next's app-router-headers.js (Next's names for its router headers). */
  routerHeaders: Record<string, unknown>;
  /** The adapter's bot test run on the tested next's module. */
  botTest: { bot: boolean; browser: boolean } | { error: string };
  /** Which response methods Next called for GET /, and the body bytes through write/end against those received. */
  writes: { calls: string[]; bytes: number; received: number } | null;
  /** In Chromium: the bootstrap element, the fiber key on <body>, and the button after a click. */
  hydration: Hydration | { error: string } | null;
  /** The same, with the page as lib/http/late-scripts.ts serves it: scripts and data after the first paint. */
  lateHydration: Hydration | { error: string } | null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nobody listens on (NEXT_CONTRACT_PORT when set). */
async function freePort(): Promise<number> {
  const given = Number(process.env.NEXT_CONTRACT_PORT ?? 0);
  if (given) return given;
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output.slice(-3000)}`))));
  });
}

/** Starts a server in its own process group and waits until `url` answers. */
async function start(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }, url: string): Promise<ChildProcess> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited:\n${output.slice(-3000)}`);
    if (await fetch(url).then(() => true, () => false)) return child;
    await sleep(100);
  }
  stop(child);
  throw new Error(`${command} ${args.join(' ')} did not answer within 30 s:\n${output.slice(-3000)}`);
}

function stop(child: ChildProcess | null): void {
  if (child?.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, { headers, redirect: 'manual' });
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

export type TinyApp = { dir: string; nextDir: string; buildSeconds: number; capture(env?: Record<string, string>): Promise<Capture>; dispose(): void };

/**
 * Builds the tiny app in a new temporary folder whose node_modules is `modulesDir` (a symlink: the
 * repository's, or a folder where scripts/check-next.ts installed another next). Nothing is cached
 * between runs: the folder is new and the build cache is off.
 */
export async function buildTinyApp({ modulesDir, log = () => undefined }: { modulesDir: string; log?: (line: string) => void }): Promise<TinyApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'next-contract-'));
  for (const [file, text] of Object.entries(TINY_APP)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  fs.symlinkSync(modulesDir, path.join(dir, 'node_modules'), 'dir');
  const nextBin = path.join(modulesDir, 'next', 'dist', 'bin', 'next');
  const nextDir = path.join(modulesDir, 'next');
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };
  const started = Date.now();
  log(`building the tiny app with next ${JSON.parse(fs.readFileSync(path.join(nextDir, 'package.json'), 'utf8')).version} in ${dir}`);
  await run(process.execPath, [nextBin, 'build'], { cwd: dir, env });
  const buildSeconds = (Date.now() - started) / 1000;
  log(`built in ${buildSeconds.toFixed(1)} s`);

  async function capture(extraEnv: Record<string, string> = {}): Promise<Capture> {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const runEnv = { ...env, ...extraEnv };
    let server: ChildProcess | null = await start(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], { cwd: dir, env: runEnv }, `${base}/api/ping`);
    try {
      const page = await get(`${base}/`, { 'user-agent': BROWSER_UA });
      const botPage = await get(`${base}/`, { 'user-agent': BOT_UA });
      const rsc = await get(`${base}/`, { 'user-agent': BROWSER_UA, rsc: '1' });
      const rewritten = await get(`${base}${REWRITTEN_PATH}`, { 'user-agent': BROWSER_UA });
      const api = await get(`${base}/api/ping`);
      const missing = await get(`${base}/no-such-page`);
      const chunks: Record<string, string> = {};
      for (const src of chunkSources(page.body)) chunks[src] = (await get(`${base}${src}`)).body;
      const hydration = extraEnv.TINY_SKIP_BROWSER ? null : await hydrate(base);
      const lateHydration = extraEnv.TINY_SKIP_BROWSER ? null : await hydrate(base, page);
      stop(server);
      server = null;
      // The response methods, through a custom server like server.ts (the same build).
      const recorderPort = await freePort();
      const recorderBase = `http://127.0.0.1:${recorderPort}`;
      server = await start(process.execPath, ['recorder.mjs', String(recorderPort)], { cwd: dir, env: runEnv }, `${recorderBase}/__record?path=none`);
      const recorded = await fetch(`${recorderBase}/`, { headers: { 'user-agent': BROWSER_UA, 'accept-encoding': 'identity' } }).then((r) => r.arrayBuffer());
      const record = (await (await fetch(`${recorderBase}/__record?path=/`)).json()) as { calls: string[]; bytes: number } | null;
      const writes = record ? { ...record, received: recorded.byteLength } : null;
      const dist = path.join(dir, '.next');
      const readJson = (file: string): unknown => (fs.existsSync(path.join(dist, file)) ? JSON.parse(fs.readFileSync(path.join(dist, file), 'utf8')) : null);
      const requireNext = createRequire(path.join(dir, 'package.json'));
      let botTest: Capture['botTest'];
      try {
        const test = botTestOf(requireNext);
        botTest = { bot: test(BOT_UA), browser: test(BROWSER_UA) };
      } catch (error) {
        botTest = { error: String(error) };
      }
      let routerHeaders: Record<string, unknown> = {};
      try {
        routerHeaders = { ...(requireNext(ROUTER_HEADERS_MODULE) as Record<string, unknown>) };
      } catch {
        // Left empty: the check says what is missing.
      }
      return {
        nextVersion: (requireNext('next/package.json') as { version: string }).version,
        deploymentId: DEPLOYMENT_ID,
        page,
        botPage,
        rsc,
        rewritten,
        api,
        missing,
        chunks,
        dist: {
          buildId: fs.existsSync(path.join(dist, BUILD_ID_FILE)) ? fs.readFileSync(path.join(dist, BUILD_ID_FILE), 'utf8') : null,
          routesManifest: readJson(ROUTES_MANIFEST),
          appPathsManifest: readJson(APP_PATHS_MANIFEST),
          buildManifest: readJson(BUILD_MANIFEST),
          requiredServerFiles: readJson(REQUIRED_SERVER_FILES),
          clientManifests: readClientManifests(dist),
          files: fs.readdirSync(dist, { recursive: true }).map(String),
        },
        routerHeaders,
        botTest,
        writes,
        hydration,
        lateHydration,
      };
    } finally {
      stop(server);
    }
  }

  return {
    dir,
    nextDir,
    buildSeconds,
    capture,
    dispose: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Loads the page in Chromium (as the browser tests do) and looks for the hydration markers. With `late`
 * (a rendered answer of the page), the browser gets that page as the site's page cache serves it: its
 * scripts and data loaded after the first paint by lib/http/late-scripts.ts's loader.
 */
async function hydrate(base: string, late?: Answer): Promise<Capture['hydration']> {
  try {
    const { chromium } = await import('@playwright/test');
    const { chromiumLaunchOptions } = await import('../../scripts/chromium.mjs');
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const page = await browser.newPage();
      if (late) {
        const nonce = /'nonce-([^']+)'/.exec(late.headers['content-security-policy'] ?? '')?.[1] ?? '';
        const served = afterFirstPaint(late.body, nonce);
        if (served.data === null) return { error: 'lib/http/late-scripts.ts found no data in the page' };
        const data = served.data;
        await page.route(`${base}/`, (route) =>
          route.request().headers()[DATA_HEADER]
            ? route.fulfill({ status: 200, contentType: 'application/json', body: data })
            : route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', headers: { 'content-security-policy': late.headers['content-security-policy'] ?? '' }, body: served.html }),
        );
      }
      const scripts: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (request.resourceType() === 'script') scripts.push(url.pathname + url.search);
      });
      await page.goto(`${base}/`);
      const bootstrap = await page.evaluate((id) => document.getElementById(id) !== null, BOOTSTRAP_ID);
      const fiber = await page
        .waitForFunction((prefix) => Object.keys(document.body ?? {}).some((key) => key.startsWith(prefix)), REACT_FIBER_PREFIX, { timeout: 15_000 })
        .then(() => true, () => false);
      await page.getByRole('button').click();
      const clicked = (await page.getByRole('button').textContent()) ?? '';
      // What hydration itself adds (React's script resources of the data) comes within this.
      await page.waitForLoadState('networkidle');
      return { bootstrap, fiber, clicked, scripts };
    } finally {
      await browser.close();
    }
  } catch (error) {
    return { error: String(error) };
  }
}

