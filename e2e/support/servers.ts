import { execFileSync } from 'node:child_process';
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
/** The metrics ports of the two site servers (METRICS_PORT; loopback). */
export const e2eMetricsPort = e2ePort + 10;
export const remoteMetricsPort = remotePort + 10;

/**
 * Where each site server's output goes (stdout and stderr, every line it logged in this run): read by
 * e2e/logs.privacy.ts after the other tests, which checks that no test data reached a log line.
 */
export const serverLogDir = path.join(os.tmpdir(), `billme-e2e-logs-${e2ePort}`);
export const serverLogs = [path.join(serverLogDir, 'server.log'), path.join(serverLogDir, 'remote.log')] as const;

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
