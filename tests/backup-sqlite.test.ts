import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import { backupNow, pruneBackups } from '@/lib/backup';
import { openSqlite } from '@/lib/db/sqlite';
import { backupContract } from './support/backup-contract';

/** npm run backup / restore on the embedded SQLite (its online backup API), under load. */
const dirs = await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const outside = mkdtempSync(join(tmpdir(), 'billme-erasures-'));
  const backups = mkdtempSync(join(tmpdir(), 'billme-backups-'));
  const data = (await import('./support/temp-env')).tempEnv({ FORM_RATE_LIMIT: '100000', ERASURE_LOG_FILE: join(outside, 'erasure-log.jsonl'), BACKUP_DIR: backups, BACKUP_KEEP_DAYS: '14' });
  return { data, backups };
});

backupContract('SQLite', dirs.backups, async () => {
  const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-restored-'));
  return { env: { DATA_DIR: fresh }, open: () => openSqlite(path.join(fresh, 'billme.sqlite')) };
});

it('keeps BACKUP_KEEP_DAYS days of backups and touches no other file', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const names = ['billme-sqlite-20261101T000000Z.sqlite.gz', 'billme-sqlite-20261101T000000Z-2.sqlite.gz', 'billme-postgres-20261111T000000Z.dump', 'billme-sqlite-20261113T000000Z.sqlite.gz', 'billme-sqlite-20261126T110000Z.sqlite.gz', 'notes.txt'];
  for (const name of names) fs.writeFileSync(path.join(dirs.backups, name), 'x');
  expect(pruneBackups(now).sort()).toEqual(['billme-postgres-20261111T000000Z.dump', 'billme-sqlite-20261101T000000Z-2.sqlite.gz', 'billme-sqlite-20261101T000000Z.sqlite.gz']);
  expect(fs.readdirSync(dirs.backups).filter((n) => names.includes(n)).sort()).toEqual(['billme-sqlite-20261113T000000Z.sqlite.gz', 'billme-sqlite-20261126T110000Z.sqlite.gz', 'notes.txt']);
});

it('two backups within one second get two files, the second never over the first', async () => {
  const now = new Date('2026-11-28T01:02:03.100Z');
  const [first, second] = await Promise.all([backupNow(now), backupNow(new Date(now.getTime() + 500))]);
  expect(new Set([path.basename(first.file), path.basename(second.file)])).toEqual(new Set(['billme-sqlite-20261128T010203Z.sqlite.gz', 'billme-sqlite-20261128T010203Z-2.sqlite.gz']));
  expect(fs.existsSync(first.file) && fs.existsSync(second.file)).toBe(true);
  expect(fs.readdirSync(dirs.backups).filter((name) => name.endsWith('.partial'))).toEqual([]);
});
