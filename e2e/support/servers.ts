import { execFileSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

/**
 * The servers of the browser tests (playwright.config.ts starts them): the main one on its embedded
 * content, and a second one in remote mode that reads the main one's API through a faultable proxy.
 */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const remotePort = e2ePort + 1;
export const apiProxyPort = e2ePort + 2;
export const e2eRevalidateSecret = 'e2e-revalidate-secret-0123456789';
/**
 * The sandbox payment provider on its own origin (scripts/payment-sandbox.ts), cross-site from the
 * site on `localhost`: its API on one loopback address, its hosted page on another (as Stripe's API and
 * checkout pages live on different hosts). The main server pays through it (PAYMENT_PROVIDER=sandbox);
 * the remote-mode server keeps the embedded default (PAYMENT_PROVIDER=test) for the same-origin smoke test.
 */
export const sandboxApi = { host: process.env.E2E_SANDBOX_API_HOST ?? '127.0.0.2', port: e2ePort + 5 };
export const sandboxPage = { host: process.env.E2E_SANDBOX_PAGE_HOST ?? '127.0.0.3', port: e2ePort + 6 };
export const sandboxApiUrl = `http://${sandboxApi.host}:${sandboxApi.port}/v1`;
export const sandboxPageOrigin = `http://${sandboxPage.host}:${sandboxPage.port}`;
export const sandboxSecret = 'e2e-sandbox-webhook-secret-0123456789';
/** The sandbox's own storage (kept across runs like the site's DATA_DIR, so reconciliation finds old sessions). */
export const sandboxDataFile = path.join(os.tmpdir(), `billme-e2e-sandbox-${e2ePort}`, 'sessions.json');

/** The metrics ports of the two site servers (METRICS_PORT; loopback). */
export const e2eMetricsPort = e2ePort + 10;
export const remoteMetricsPort = remotePort + 10;

/**
 * Where each site server's output goes (stdout and stderr, every line it logged in this run): read by
 * e2e/logs.privacy.ts after the other tests, which checks that no test data reached a log line.
 */
export const serverLogDir = path.join(os.tmpdir(), `billme-e2e-logs-${e2ePort}`);
export const serverLogs = [path.join(serverLogDir, 'server.log'), path.join(serverLogDir, 'remote.log'), path.join(serverLogDir, 'sandbox.log')] as const;

/** Where each server keeps what the tests send (npm run submissions -- list reads it back). */
export const e2eDataDir = path.join(os.tmpdir(), `billme-e2e-${e2ePort}`);
export const remoteDataDir = path.join(os.tmpdir(), `billme-e2e-${remotePort}`);

/** `npm run submissions -- <command> --json` against the main test server's data, parsed. */
export function storedJson(command: 'list' | 'payments'): Record<string, string | number>[] {
  const out = execFileSync('node', ['--import', 'tsx', 'scripts/submissions.ts', command, '--json'], { env: { ...process.env, DATA_DIR: e2eDataDir } }).toString();
  return out.trim().startsWith('[') ? (JSON.parse(out) as Record<string, string | number>[]) : [];
}

/** How a spec starts a server of its own (the production server of the build). */
export const serverCommand = ['node', 'server.ts'] as const;

/**
 * Waits until a server a spec started answers `GET /api/health` with 200; throws, naming the server and
 * how it ended if it did, when it is not up within `timeoutMs`: a spec never goes on against a server
 * that is not there (its failures would then blame the wrong thing).
 */
export async function waitUntilUp(url: string, { timeoutMs = 30_000, child }: { timeoutMs?: number; child?: ChildProcess } = {}): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`the server for ${url} exited with code ${child.exitCode} before it answered`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok).catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server for ${url} did not answer /api/health within ${timeoutMs / 1000} s`);
}
