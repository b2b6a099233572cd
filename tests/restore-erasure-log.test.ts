import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * Issue 40, section 2: a restore cannot bring back the erased. Without the erasure log, without its
 * key, or with another key, `npm run restore` refuses before touching anything, unless the operator
 * passes the flag that says erased people may come back. `npm run backup` warns about the same.
 */
const dirs = await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const log = mkdtempSync(join(tmpdir(), 'billme-erasure-log-'));
  const backups = mkdtempSync(join(tmpdir(), 'billme-backups-'));
  const data = (await import('./support/temp-env')).tempEnv({ ERASURE_LOG_FILE: join(log, 'erasure-log.jsonl'), BACKUP_DIR: backups });
  return { data, log, backups };
});

import { backupNow } from '@/lib/backup';
import { closeDatabase } from '@/lib/db';
import { eraseEmail } from '@/lib/personal-data';
import { ensureErasureLog } from '@/lib/privacy';
import { submitForm } from '@/lib/submissions/service';

const exec = promisify(execFile);
const restore = (args: string[], env: Record<string, string>) =>
  exec('node', ['--import', 'tsx', 'scripts/restore.ts', ...args], { env: { ...process.env, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, out: error.stdout + error.stderr }),
  );
const fresh = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `billme-${name}-`));
const copyLog = (into: string, withKey: boolean) => {
  fs.copyFileSync(path.join(dirs.log, 'erasure-log.jsonl'), path.join(into, 'erasure-log.jsonl'));
  if (withKey) fs.copyFileSync(path.join(dirs.log, 'erasure-log.key'), path.join(into, 'erasure-log.key'));
  return path.join(into, 'erasure-log.jsonl');
};

let backup = '';
let backupWarnings: string[] = [];
beforeAll(async () => {
  // Before the site's first start there is no log yet: the backup warns.
  const ask = (email: string, n: number) =>
    submitForm({ kind: 'ask-question', locale: 'en-LV', idempotencyKey: `restore-log-${n}`, fields: { name: 'A', email, message: 'M' }, clientAddress: `198.51.100.${n}` });
  expect(await ask('forget.me@example.com', 1)).toMatchObject({ ok: true });
  expect(await ask('keep.me@example.com', 2)).toMatchObject({ ok: true });
  backupWarnings = (await backupNow()).warnings;
  ensureErasureLog(); // the site's start
  // Backups are named by the second: the second one must not take the first one's name.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  backup = (await backupNow()).file;
  await eraseEmail('forget.me@example.com'); // after the backup
}, 60_000);
afterAll(closeDatabase);

describe('npm run backup', () => {
  it('warns when the erasure log or its key is not where a restore will look, and not once they are', async () => {
    expect(backupWarnings.join('\n')).toMatch(/no erasure log at .*erasure-log\.jsonl/);
    expect(backupWarnings.join('\n')).toMatch(/no key of the erasure log/);
    const cli = await exec('node', ['--import', 'tsx', 'scripts/backup.ts'], { env: { ...process.env, ERASURE_LOG_FILE: path.join(fresh('nolog'), 'erasure-log.jsonl') } });
    expect(cli.stderr).toMatch(/warning: no erasure log at/);
    expect(cli.stderr).toMatch(/docs\/operations\.md/);
    expect((await backupNow()).warnings).toEqual([]);
  }, 60_000);
});

describe('npm run restore', () => {
  it('into a new DATA_DIR without the erasure log: refused, nothing restored; with the flag, restored and said so', async () => {
    const data = fresh('restore-nolog');
    const env = { DATA_DIR: data, ERASURE_LOG_FILE: path.join(data, 'erasure-log.jsonl') };
    const refused = await restore([backup], env);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/restore failed: the erasure log cannot be re-applied[\s\S]*no erasure log at[\s\S]*--erased-people-may-return/);
    expect(fs.readdirSync(data)).toEqual([]); // nothing restored, no key made

    const accepted = await restore([backup, '--erased-people-may-return'], env);
    expect(accepted.code).toBe(0);
    expect(accepted.out).toMatch(/erasure log was NOT re-applied/);
    expect(fs.existsSync(path.join(data, 'erasure-log.key'))).toBe(false);
  }, 60_000);

  it('with the log copied but not its key: refused, and no new key is made', async () => {
    const data = fresh('restore-nokey');
    const refused = await restore([backup], { DATA_DIR: data, ERASURE_LOG_FILE: copyLog(data, false) });
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/no key of the erasure log/);
    expect(fs.readdirSync(data).sort()).toEqual(['erasure-log.jsonl']);
  }, 60_000);

  it('with another key than the log was written with: refused', async () => {
    const data = fresh('restore-otherkey');
    const refused = await restore([backup], { DATA_DIR: data, ERASURE_LOG_FILE: copyLog(data, false), ERASURE_LOG_KEY: 'a-different-key-of-32-characters' });
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/1 entry of the erasure log .* hashed with another key than ERASURE_LOG_KEY/);
  }, 60_000);

  it('with the log and its key in place: the erasure made after the backup is made again', async () => {
    const data = fresh('restore-ok');
    const restored = await restore([backup], { DATA_DIR: data, ERASURE_LOG_FILE: copyLog(data, true) });
    // The whole output in the message: this failed once in CI on Node 22 (and never here) with a shorter one.
    expect(restored.out, restored.out).toMatch(/1 erasure\(s\) logged, 1 re-applied/);
    expect(restored.code).toBe(0);
  }, 60_000);
});
