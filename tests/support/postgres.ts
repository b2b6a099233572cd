import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A real PostgreSQL database for one test file. The README's test command starts one server for the
 * whole run (deploy/servers.sh) and sets TEST_DATABASE_URL; each file then gets its own database on it.
 * Run alone (`npx vitest run tests/store-postgres.test.ts`), it starts a throw-away server from
 * Debian's PostgreSQL 15 itself.
 */
export type TestPostgres = { url: string; stop: () => Promise<void> };

const BIN = '/usr/lib/postgresql/15/bin';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function ownServer(): Promise<{ url: string; stop: () => void }> {
  if (!fs.existsSync(`${BIN}/initdb`)) throw new Error('PostgreSQL 15 is not installed: run `bash deploy/servers.sh install postgres` (apt) first');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-pg-'));
  const port = await freePort();
  const asPostgres = (command: string, args: string[]) =>
    process.getuid?.() === 0 ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' }) : execFileSync(command, args, { stdio: 'pipe' });
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  asPostgres(`${BIN}/initdb`, ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  asPostgres(`${BIN}/pg_ctl`, ['-D', dir, '-w', '-l', path.join(dir, 'log'), '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k /tmp -c fsync=off`, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      asPostgres(`${BIN}/pg_ctl`, ['-D', dir, '-m', 'immediate', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function testPostgres(): Promise<TestPostgres> {
  const server = process.env.TEST_DATABASE_URL ? { url: process.env.TEST_DATABASE_URL, stop: () => undefined } : await ownServer();
  const name = `billme_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    stop: async () => {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      server.stop();
    },
  };
}
