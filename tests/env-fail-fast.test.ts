import { spawn } from 'node:child_process';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeProblems } from '@/lib/env-check';
import { environmentProblems } from '@/lib/env';
import { freePort } from './support/free-port';

/**
 * Issue 40, section 5: with an invalid environment `npm start` refuses to start: it exits non-zero
 * before listening and prints each wrong key and why (it listened and answered 500 to everything).
 */
describe('the environment check', () => {
  it('names each wrong key and why, never its value', () => {
    const problems = environmentProblems({ PAYMENT_WEBHOOK_SECRET: 'short-secret', LEADS_EMAIL: 'a＠b@example.com', PORT: 'eighty' });
    expect(problems.map((p) => p.key).sort()).toEqual(['LEADS_EMAIL', 'PAYMENT_WEBHOOK_SECRET', 'PORT']);
    const text = describeProblems(problems);
    expect(text).toMatch(/PAYMENT_WEBHOOK_SECRET: .*16/);
    expect(text).not.toContain('short-secret');
    expect(environmentProblems({})).toEqual([]);
  });

  it('npm start with PAYMENT_WEBHOOK_SECRET of 5 characters: exits 1 before listening, naming the key', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['server.ts'], {
      env: { ...process.env, NODE_ENV: 'production', PORT: String(port), METRICS_PORT: '0', PAYMENT_WEBHOOK_SECRET: 'short' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let listened = false;
    const probe = setInterval(() => {
      const socket = net.connect(port, '127.0.0.1', () => {
        listened = true;
        socket.destroy();
      });
      socket.on('error', () => undefined);
    }, 100);
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 45_000);
      child.on('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    clearInterval(probe);
    expect({ code, listened }).toEqual({ code: 1, listened: false });
    expect(output).toMatch(/Invalid environment: the server does not start/);
    expect(output).toMatch(/^ {2}PAYMENT_WEBHOOK_SECRET: .+$/m);
  }, 60_000);
});
