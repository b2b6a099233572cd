import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '@/lib/db/migrate';
import { migrations } from '@/lib/db/migrations';
import { openPostgres } from '@/lib/db/postgres';
import { openSqlite } from '@/lib/db/sqlite';
import type { Database } from '@/lib/db';
import { testPostgres, type TestPostgres } from './support/postgres';

/**
 * Migration 0008 on a database that has payments in the old statuses: each row gets the status it
 * meant, and the card attempts of every payment survive SQLite's table rebuild.
 */
async function upTo(db: Database, id: string) {
  await db.transaction(async (tx) => {
    await tx.run(`CREATE TABLE schema_migrations (id TEXT PRIMARY KEY, applied_at ${db.dialect === 'postgres' ? 'timestamptz' : 'TEXT'} NOT NULL)`);
    for (const migration of migrations) {
      if (migration.id === id) break;
      for (const step of migration[db.dialect]) await (typeof step === 'string' ? tx.exec(step) : step(tx));
      await tx.run('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)', [migration.id, new Date().toISOString()]);
    }
  });
}

const old = [
  { id: '00000000-0000-4000-8000-000000000001', provider: 'test', ref: null, status: 'processing', attempts: 0, outcome: null, expect: 'open' },
  { id: '00000000-0000-4000-8000-000000000002', provider: 'test', ref: null, status: 'processing', attempts: 2, outcome: 'declined', expect: 'declined' },
  { id: '00000000-0000-4000-8000-000000000003', provider: 'test', ref: null, status: 'closed', attempts: 0, outcome: 'cancelled', expect: 'cancelled' },
  { id: '00000000-0000-4000-8000-000000000004', provider: 'remote', ref: 'pay_1', status: 'processing', attempts: 0, outcome: null, expect: 'processing' },
  { id: '00000000-0000-4000-8000-000000000005', provider: 'remote', ref: null, status: 'processing', attempts: 0, outcome: null, expect: 'open' },
  { id: '00000000-0000-4000-8000-000000000006', provider: 'remote', ref: 'pay_2', status: 'closed', attempts: 0, outcome: 'closed', expect: 'closed' },
  { id: '00000000-0000-4000-8000-000000000007', provider: 'test', ref: null, status: 'paid', attempts: 1, outcome: 'success', expect: 'paid' },
  { id: '00000000-0000-4000-8000-000000000008', provider: 'test', ref: null, status: 'fail', attempts: 1, outcome: 'processingError', expect: 'fail' },
];

async function check(db: Database) {
  await upTo(db, '0008-payment-states');
  const now = new Date().toISOString();
  for (const p of old) {
    await db.run(
      `INSERT INTO payments (id, idempotency_key, company, service, option, quantity, months, amount_cents, fee_cents, payer_name, payer_email, locale, provider,
         provider_ref, status, attempts, last_outcome, created_at, updated_at)
       VALUES (?, ?, 'ucity', 'deposit', 'room', 1, 1, 100000, 0, 'A', 'a@example.com', 'en-CY', ?, ?, ?, ?, ?, ?, ?)`,
      [p.id, `key-${p.id}`, p.provider, p.ref, p.status, p.attempts, p.outcome, now, now],
    );
    for (let i = 0; i < p.attempts; i++) {
      await db.run('INSERT INTO payment_attempts (id, payment_id, outcome, created_at) VALUES (?, ?, ?, ?)', [`${p.id}-${i}`, p.id, p.outcome ?? 'x', now]);
    }
  }
  expect(await migrate(db)).toContain('0008-payment-states');
  const rows = await db.all<{ id: string; status: string }>('SELECT id, status FROM payments ORDER BY id');
  expect(rows.map((r) => r.status)).toEqual(old.map((p) => p.expect));
  expect(Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM payment_attempts'))!.n)).toBe(old.reduce((sum, p) => sum + p.attempts, 0));
  await expect(db.run(`UPDATE payments SET status = 'bogus' WHERE id = ?`, [old[0]!.id])).rejects.toThrow();
  await db.close();
}

describe('migration 0008 (payment states)', () => {
  let postgres: TestPostgres | null = null;
  afterAll(async () => postgres?.stop());

  it('on SQLite', async () => {
    await check(openSqlite(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'billme-m7-')), 'billme.sqlite')));
  });

  it('on PostgreSQL', async () => {
    postgres = await testPostgres();
    await check(openPostgres(postgres.url, 2));
  });
});
