// Starts the production build (server.ts) on a port of its own for a check script, and stops its whole process group.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The site as `npm start` runs it, on `port` with a throw-away DATA_DIR (the build must exist: npm run
 * build). Started in its own process group, so that stopping it also ends the next-server child.
 * Resolves once /lv-lv answers; `stop()` ends the group.
 */
export async function startSite(port: number): Promise<{ url: string; stop: () => void }> {
  const url = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-check-'));
  const child = spawn('node', ['server.ts'], {
    env: { ...process.env, PORT: String(port), METRICS_PORT: '0', DATA_DIR: dataDir, NEXT_PUBLIC_SITE_URL: url, PAGE_CACHE_STATUS: 'on' },
    stdio: 'ignore',
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.once('exit', stop);
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${url}/lv-lv`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error(`the site did not answer on ${url} within 60 s (is there a build? npm run build)`);
}

/** `--name value` from the command line, or the fallback. */
export function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
}
