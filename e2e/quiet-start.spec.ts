import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { e2ePort, serverCommand, waitUntilUp } from './support/servers';

/**
 * Issue 48: a quiet start. `node server.ts` (npm start) of the build, on the Node that runs the tests (24,
 * and 22.18 in scripts/test-oldest-node.sh), writes nothing to stderr (no MODULE_TYPELESS_PACKAGE_JSON
 * warning, no experimental warning) and only JSON lines to stdout, from its start through a page, an API
 * answer and its SIGTERM; the open-facts notice among them is one JSON line.
 */
const PORT = e2ePort + 45;

test('node server.ts writes nothing to stderr and one JSON object a line to stdout, start to stop', async () => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-quiet-'));
  const child = spawn(serverCommand[0], serverCommand.slice(1), {
    // A production start with open facts allowed: the open-facts notice is written.
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), METRICS_PORT: '0', DATA_DIR: dataDir, NEXT_PUBLIC_SITE_URL: `http://localhost:${PORT}` },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const url = `http://localhost:${PORT}`;
    await waitUntilUp(url, { timeoutMs: 60_000, child });
    expect((await fetch(`${url}/lv-en`)).status).toBe(200);
    expect((await fetch(`${url}/api/site/articles?lang=en`)).status).toBe(200);
    expect((await fetch(`${url}/lv-en/nope-nope`)).status).toBe(404);
  } finally {
    if (child.exitCode === null) process.kill(child.pid!, 'SIGTERM');
  }
  expect(await exited, `exit code; its output:\n${stdout.slice(-3000)}\n${stderr}`).toBe(0);

  expect(stderr).toBe('');
  const lines = stdout.split('\n').filter((line) => line !== '');
  expect(lines.length).toBeGreaterThan(3);
  const notJson = lines.filter((line) => {
    try {
      return typeof JSON.parse(line) !== 'object';
    } catch {
      return true;
    }
  });
  expect(notJson).toEqual([]);
  const events = lines.map((line) => JSON.parse(line) as { event?: string; msg?: string });
  expect(events.some((e) => e.event === 'server.listening')).toBe(true);
  // The open facts: one line that says how many and where to look (content/facts.yaml is still open here).
  const notices = events.filter((e) => e.event === 'facts.open');
  expect(notices).toHaveLength(1);
  expect(notices[0]!.msg).toMatch(/^content\/facts\.yaml: \d+ company facts are placeholders or unconfirmed; npm run check:facts lists them$/);
});
