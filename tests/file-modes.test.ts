import BetterSqlite from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';

/**
 * Issue 40, section 4: the database, backups and their temporary files, the erasure log and its key,
 * and mail copies are 0600 in directories that are 0700, whatever the umask and whatever was there.
 * Run with the loosest umask (0), as a badly set up service would have it.
 */
const dirs = await vi.hoisted(async () => {
  const { mkdtempSync, mkdirSync, chmodSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const root = mkdtempSync(join(tmpdir(), 'billme-modes-'));
  const backups = join(root, 'backups');
  mkdirSync(backups);
  chmodSync(backups, 0o755); // a BACKUP_DIR that already exists, made by hand
  const data = join(root, 'data');
  mkdirSync(data);
  chmodSync(data, 0o755);
  (await import('./support/temp-env')).tempEnv({ DATA_DIR: data, BACKUP_DIR: backups });
  return { root, data, backups };
});

import { backupNow } from '@/lib/backup';
import { closeDatabase } from '@/lib/db';
import { listOutbox } from '@/lib/outbox';
import { eraseEmail } from '@/lib/personal-data';
import { ensureErasureLog, erasureKeyFile, erasureLogFile } from '@/lib/privacy';
import { submitForm } from '@/lib/submissions/service';
import { registerOutboxHandlers } from '@/instrumentation-node';

const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);
let umask = 0;
beforeAll(() => {
  umask = process.umask(0);
});
afterAll(async () => {
  process.umask(umask);
  await closeDatabase();
});

it('database, erasure log and key, mail copies, backups and the backup’s temporary copy: 0600 in 0700 directories', async () => {
  await registerOutboxHandlers();
  expect(await submitForm({ kind: 'ask-question', locale: 'en-LV', idempotencyKey: 'modes-1', fields: { name: 'A', email: 'a@example.lv', message: 'M' }, clientAddress: '198.51.100.1' })).toMatchObject({ ok: true });
  await vi.waitFor(async () => expect(await listOutbox({ topic: 'mail', state: 'sent' })).toHaveLength(2), { timeout: 10_000 });
  ensureErasureLog();
  await eraseEmail('nobody@example.lv');

  // The temporary uncompressed copy, seen when SQLite's backup API starts writing into it.
  const temporary: string[] = [];
  const backup = BetterSqlite.prototype.backup;
  const spy = vi.spyOn(BetterSqlite.prototype, 'backup').mockImplementation(function (this: BetterSqlite.Database, destination, options) {
    temporary.push(`${path.basename(destination)} ${fs.existsSync(destination) ? mode(destination) : 'not created yet (SQLite would make it with the umask)'}`);
    return backup.call(this, destination, options);
  });
  const result = await backupNow();
  spy.mockRestore();

  expect(temporary).toEqual([expect.stringMatching(/\.partial\.sqlite 600$/)]);
  const mail = path.join(dirs.data, 'mail');
  const files = {
    'billme.sqlite': mode(path.join(dirs.data, 'billme.sqlite')),
    'billme.sqlite-wal': mode(path.join(dirs.data, 'billme.sqlite-wal')),
    'erasure-log.jsonl': mode(erasureLogFile()),
    'erasure-log.key': mode(erasureKeyFile()),
    '.eml': [...new Set(fs.readdirSync(mail).map((name) => mode(path.join(mail, name))))].join(),
    backup: mode(result.file),
    'DATA_DIR/': mode(dirs.data),
    'DATA_DIR/mail/': mode(mail),
    'BACKUP_DIR/': mode(dirs.backups),
  };
  expect(files).toEqual({
    'billme.sqlite': '600',
    'billme.sqlite-wal': '600',
    'erasure-log.jsonl': '600',
    'erasure-log.key': '600',
    '.eml': '600',
    backup: '600',
    'DATA_DIR/': '700',
    'DATA_DIR/mail/': '700',
    'BACKUP_DIR/': '700',
  });
}, 30_000);
