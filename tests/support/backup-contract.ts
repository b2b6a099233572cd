import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import type { Database } from '@/lib/db';
import { applyPaymentEvent, getCompany, recordPayment } from '@/lib/payments';
import { eraseEmail } from '@/lib/personal-data';
import { readErasureLog } from '@/lib/privacy/erasure-log';
import { submitForm } from '@/lib/submissions/service';

const exec = promisify(execFile);

/** Where a restore goes: the environment of `npm run restore` and the restored database, opened. */
export type RestoreTarget = { env: Record<string, string>; open: () => Database; close?: () => Promise<void> };

/**
 * `npm run backup` while the site writes, then `npm run restore` into a fresh database (both as child
 * processes, as an operator runs them): every row acknowledged before the backup started is there,
 * nothing is half-written, and an erasure made after the backup is made again by the restore.
 * Run by tests/backup-sqlite.test.ts and tests/backup-postgres.test.ts.
 */
export function backupContract(label: string, backupDir: string, freshTarget: () => Promise<RestoreTarget>) {
  const cli = (script: string, args: string[], env: Record<string, string> = {}) =>
    exec('node', ['--import', 'tsx', `scripts/${script}.ts`, ...args], { env: { ...process.env, ...env }, maxBuffer: 10_000_000 });
  const ucity = getCompany('ucity')!;
  const choice = { serviceId: ucity.services[0]!.id, optionId: ucity.services[0]!.options[0]!.id };
  let n = 0;

  async function question(email: string) {
    const result = await submitForm({
      kind: 'ask-question',
      locale: 'lv-LV',
      idempotencyKey: `backup-q-${process.pid}-${++n}`,
      fields: { name: 'Anna Bērziņa', email, message: `Question ${n}` },
      clientAddress: `198.51.100.${n % 250}`,
    });
    if (!result.ok || !result.id) throw new Error(`not stored: ${JSON.stringify(result)}`);
    return result.id;
  }
  async function payment(email: string) {
    const result = await recordPayment({ company: 'ucity', choice, payer: { name: 'Eleni', email, reference: `R${++n}` }, locale: 'en-CY', idempotencyKey: `backup-p-${process.pid}-${n}` });
    if (!result.ok) throw new Error('not recorded');
    await applyPaymentEvent(result.payment.id, { event: 'paid', source: 'checkout', card: { brand: 'visa', last4: '4242' } });
    return result.payment.id;
  }

  it(`${label}: a backup taken under load restores every acknowledged row, whole, and the erasures made since`, async () => {
    const forget = 'forget.me@example.com';
    const forgottenQuestion = await question(forget);
    const forgottenPayment = await payment(forget);

    // The load: writers that note when each row was acknowledged.
    const acked: { table: 'submissions' | 'payments'; id: string; at: number }[] = [];
    let running = true;
    const writer = async (i: number) => {
      while (running) {
        // SQLite answers synchronously: without a turn of the event loop, this loop would starve the timers.
        await new Promise((resolve) => setImmediate(resolve));
        const email = `load${i}@example.com`;
        const id = i % 2 === 0 ? await question(email) : await payment(email);
        acked.push({ table: i % 2 === 0 ? 'submissions' : 'payments', id, at: Date.now() });
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    for (let waited = 0; acked.length < 24 && waited < 30_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const backup = await cli('backup', [], { BACKUP_DIR: backupDir });
    const finished = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 200));
    running = false;
    await Promise.all(writers);

    const file = /backup written: (\S+)/.exec(backup.stdout)?.[1];
    expect(file, backup.stdout + backup.stderr).toBeDefined();
    expect(path.basename(file!)).toMatch(/^billme-(sqlite-\d{8}T\d{6}Z\.sqlite\.gz|postgres-\d{8}T\d{6}Z\.dump)$/);
    const magic = fs.readFileSync(file!).subarray(0, 5);
    expect(magic[0] === 0x1f && magic[1] === 0x8b ? 'gzip' : magic.toString()).toMatch(/^(gzip|PGDMP)$/);
    expect(fs.readdirSync(backupDir).filter((name) => name.endsWith('.partial'))).toEqual([]);

    // After the backup: the data-subject request. The log holds a keyed hash, never the address.
    await eraseEmail(forget);
    const log = readErasureLog();
    expect(log.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(log)).not.toContain('forget');

    const target = await freshTarget();
    const restored = await cli('restore', [file!], target.env);
    expect(restored.stdout).toMatch(/1 re-applied/);
    // A second restore into what is now not empty is refused.
    await expect(cli('restore', [file!], target.env)).rejects.toThrow(/not empty|exists/);

    const db = target.open();
    try {
      const ids = async (table: string) => new Set((await db.all<{ id: string }>(`SELECT id FROM ${table}`)).map((r) => r.id));
      const present = { submissions: await ids('submissions'), payments: await ids('payments') };
      const before = acked.filter((a) => a.at < started);
      const missing = before.filter((a) => !present[a.table].has(a.id));
      expect(missing, 'acknowledged before the backup started, missing after the restore').toEqual([]);

      // Nothing half-written: every submission with its two mails, every paid payment with its receipt
      // and its card attempt (an erased payer's mails are gone with the erasure), no mail without its row.
      const orphans = await db.all(
        `SELECT o.id FROM outbox o WHERE o.ref NOT IN (SELECT id FROM submissions) AND o.ref NOT IN (SELECT id FROM payments)`,
      );
      expect(orphans).toEqual([]);
      const mailless = await db.all(`SELECT s.id FROM submissions s WHERE (SELECT COUNT(*) FROM outbox o WHERE o.ref = s.id AND o.topic = 'mail') <> 2`);
      expect(mailless).toEqual([]);
      const unreceipted = await db.all(
        `SELECT p.id FROM payments p WHERE p.status = 'paid' AND p.anonymized_at IS NULL AND (NOT EXISTS (SELECT 1 FROM outbox o WHERE o.id = 'receipt-' || p.id) OR NOT EXISTS (SELECT 1 FROM payment_attempts a WHERE a.payment_id = p.id))`,
      );
      expect(unreceipted).toEqual([]);
      const unpaid = await db.all(`SELECT id FROM payments WHERE status <> 'paid' AND id IN (${before.filter((a) => a.table === 'payments').map((a) => `'${a.id}'`).join(',') || "''"})`);
      expect(unpaid).toEqual([]);

      // The erasure made after the backup was made again.
      expect(present.submissions.has(forgottenQuestion)).toBe(false);
      expect(await db.get(`SELECT payer_name, payer_email, reference FROM payments WHERE id = ?`, [forgottenPayment])).toEqual({ payer_name: '', payer_email: '', reference: '' });
      expect(await db.all(`SELECT id FROM submissions WHERE email = ?`, [forget])).toEqual([]);

      const counts = Object.fromEntries(
        await Promise.all(
          ['submissions', 'payments', 'payment_attempts', 'outbox'].map(async (t) => [t, Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t}`))!.n)] as const),
        ),
      );
      console.info(
        `[restore ${label}] acknowledged before the backup started: ${before.filter((a) => a.table === 'submissions').length} submissions, ` +
          `${before.filter((a) => a.table === 'payments').length} payments (all present); during the backup (${finished - started} ms): ` +
          `${acked.filter((a) => a.at >= started && a.at <= finished).length}; after: ${acked.filter((a) => a.at > finished).length}; ` +
          `restored rows ${JSON.stringify(counts)}`,
      );
      expect(before.length).toBeGreaterThanOrEqual(24);
    } finally {
      await db.close();
      await target.close?.();
    }
  }, 120_000);
}
