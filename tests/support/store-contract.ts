import { beforeAll, describe, expect, it } from 'vitest';
import { registerOutboxHandlers } from '@/instrumentation-node';
import { closeDatabase, database } from '@/lib/db';
import { migrate } from '@/lib/db/migrate';
import { enqueue } from '@/lib/outbox/store';
import { deliver, type Handlers } from '@/lib/outbox/worker';

const deliverDue = (handlers: Handlers, now?: Date) => deliver(handlers, { now });
import { getCompany } from '@/lib/payments/catalogue';
import { recordPayment } from '@/lib/payments/service';
import { getPayment, listPayments } from '@/lib/payments/store';
import { applyPaymentEvent } from '@/lib/payments';
import { takeRateLimit } from '@/lib/clients';
import { submitForm } from '@/lib/submissions/service';
import { listSubmissions, readAttachment } from '@/lib/submissions/store';
import { pdfBytes } from './cv-files';
import { applyRetention, eraseEmail } from '@/lib/personal-data';
import { normalizeExisting } from '@/lib/db/migrations/normalized-email';

/**
 * The store's contract: the same cases for every database the site runs on (SQLite, PostgreSQL).
 * Run by tests/store-sqlite.test.ts and tests/store-postgres.test.ts.
 */
export function storeContract() {
  // The outbox topics the composition root registers at start-up (mail is sent as .eml files here).
  beforeAll(registerOutboxHandlers);
  const count = async (table: string) => Number((await (await database()).get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n);
  let client = 0;
  const ask = (key: string, message = 'Hello') =>
    submitForm({
      kind: 'ask-question',
      locale: 'lv-LV',
      idempotencyKey: key,
      fields: { name: 'Anna', email: 'anna@example.lv', message },
      clientAddress: `203.0.113.${++client % 250}`,
    });

  describe('migrations', () => {
    it('are recorded, and running them again (two instances at once) changes nothing', async () => {
      const db = await database();
      const before = await count('schema_migrations');
      expect(before).toBeGreaterThanOrEqual(4);
      await Promise.all([migrate(db), migrate(db)]);
      expect(await count('schema_migrations')).toBe(before);
      expect(await db.ready()).toBe(true);
    });
  });

  describe('submissions', () => {
    it('store once per idempotency key', async () => {
      const first = await ask('contract-key-0001');
      const second = await ask('contract-key-0001');
      expect(first).toMatchObject({ ok: true, duplicate: false });
      expect(second).toMatchObject({ ok: true, duplicate: true, id: (first as { id: string }).id });
    });

    it('a burst of 50 concurrent submissions plus 50 resends is 50 rows', async () => {
      const before = await count('submissions');
      const keys = Array.from({ length: 50 }, (_, i) => `contract-burst-${String(i).padStart(3, '0')}`);
      const answers = await Promise.all([...keys, ...keys].map((key, i) => ask(key, `burst ${i % 50}`)));
      expect(answers.every((a) => a.ok)).toBe(true);
      expect((await count('submissions')) - before).toBe(50);
      const messages = (await listSubmissions({ limit: 5000 })).filter((s) => s.idempotencyKey.startsWith('contract-burst-'));
      expect(new Set(messages.map((s) => s.idempotencyKey)).size).toBe(50);
    });

    it('keep a CV byte for byte', async () => {
      const result = await submitForm({
        kind: 'job-application',
        locale: 'en-CY',
        idempotencyKey: 'contract-cv-0001',
        fields: { name: 'Jaan', email: 'jaan@example.ee', phone: '+372 5000 0000' },
        context: { vacancy: 'senior-full-stack-engineer' },
        file: { name: 'cv.pdf', size: pdfBytes().byteLength, bytes: pdfBytes() },
        clientAddress: '198.51.100.9',
      });
      expect(result).toMatchObject({ ok: true });
      const stored = await readAttachment((result as { id: string }).id);
      expect(stored).toMatchObject({ name: 'cv.pdf', type: 'application/pdf', size: pdfBytes().byteLength });
      expect(Buffer.compare(stored!.bytes, Buffer.from(pdfBytes()))).toBe(0);
    });
  });

  describe('the rate limit', () => {
    it('lets exactly the limit through, even when the requests arrive at once', async () => {
      const limit = { limit: 3, windowSeconds: 900 };
      const decisions = await Promise.all(Array.from({ length: 10 }, () => takeRateLimit('contract', 'client-a', limit)));
      expect(decisions.filter((d) => d.ok)).toHaveLength(3);
      const refused = decisions.find((d) => !d.ok) as { retryAfterSeconds: number };
      expect(refused.retryAfterSeconds).toBeGreaterThan(800);
      expect(await takeRateLimit('contract', 'client-b', limit)).toEqual({ ok: true });
    });
  });

  describe('the outbox', () => {
    it('hands each row to exactly one of two workers claiming at once', async () => {
      const db = await database();
      await db.transaction(async (tx) => {
        for (let i = 0; i < 20; i++) await enqueue(tx, { topic: 'contract', ref: `ref-${i}`, payload: { i } });
      });
      const seen: string[] = [];
      const handlers: Handlers = {
        contract: async (entry) => {
          seen.push(entry.ref);
          await new Promise((resolve) => setTimeout(resolve, 5));
          return { ok: true };
        },
      };
      const [a, b] = await Promise.all([deliverDue(handlers), deliverDue(handlers)]);
      expect(a + b).toBe(20);
      expect(seen.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `ref-${i}`).sort());
      expect(await deliverDue(handlers)).toBe(0);
    });

    it('retries a failure later, and keeps a permanent failure as failed', async () => {
      const db = await database();
      await db.transaction(async (tx) => {
        await enqueue(tx, { topic: 'flaky', ref: 'flaky-1', payload: {} });
        await enqueue(tx, { topic: 'refused', ref: 'refused-1', payload: {} });
      });
      let up = false;
      const handlers: Handlers = {
        flaky: async () => (up ? { ok: true } : { ok: false, error: 'down' }),
        refused: async () => ({ ok: false, error: '550 no such user', permanent: true }),
      };
      expect(await deliverDue(handlers)).toBe(0);
      up = true;
      expect(await deliverDue(handlers)).toBe(0); // not due yet: backoff
      expect(await deliverDue(handlers, new Date(Date.now() + 60_000))).toBe(1);
      const refused = await db.get<{ state: string; last_error: string }>(`SELECT state, last_error FROM outbox WHERE ref = 'refused-1'`);
      expect(refused).toEqual({ state: 'failed', last_error: '550 no such user' });
    });
  });

  describe('payments', () => {
    it('one payment per key, and paid only once whatever arrives at the same time', async () => {
      const ucity = getCompany('ucity')!;
      const input = {
        company: 'ucity',
        choice: { serviceId: ucity.services[0]!.id, optionId: ucity.services[0]!.options[0]!.id },
        payer: { name: 'Eleni', email: 'eleni@example.com', reference: 'contract' },
        locale: 'el-CY',
        idempotencyKey: 'contract-pay-0001',
      };
      const [first, second] = await Promise.all([recordPayment(input), recordPayment(input)]);
      expect(first.ok && second.ok && first.payment.id === second.payment.id).toBe(true);
      const id = (first as { payment: { id: string } }).payment.id;
      const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => applyPaymentEvent(id, { event: 'paid', source: 'checkout', card: { brand: 'visa', last4: String(4000 + i) } })));
      expect(outcomes.every((a) => a?.payment.status === 'paid')).toBe(true);
      expect(outcomes.filter((a) => a?.becamePaid)).toHaveLength(1);
      expect(await count(`outbox WHERE topic = 'mail' AND ref = '${id}'`)).toBe(1);
      const paid = await getPayment(id);
      expect(paid).toMatchObject({ status: 'paid', attempts: 1 });
      expect(await count('payment_attempts')).toBe(1);
      expect((await listPayments()).filter((p) => p.reference === 'contract')).toHaveLength(1);
    });
  });

  describe('privacy', () => {
    const later = (months: number) => new Date(Date.now() + months * 31 * 86_400_000);

    it('retention deletes questions after 24 months and applications after 6 (24 with consent), anonymizes payments after 84', async () => {
      const stamp = Date.now();
      const question = await submitForm({ kind: 'ask-question', locale: 'lv-LV', idempotencyKey: `ret-q-${stamp}`, fields: { name: 'Old', email: 'old-q@example.lv', message: 'Hi' }, clientAddress: '203.0.113.200' });
      const application = (keep: string, key: string) =>
        submitForm({
          kind: 'job-application',
          locale: 'en-LV',
          idempotencyKey: key,
          fields: { name: 'Applicant', email: `${key}@example.lv`, phone: '+371 2000 0000', keep },
          context: { vacancy: 'senior-full-stack-engineer' },
          file: { name: 'cv.pdf', size: pdfBytes().byteLength, bytes: pdfBytes() },
          clientAddress: '203.0.113.201',
        });
      const short = await application('', `ret-a-${stamp}`);
      const kept = await application('yes', `ret-k-${stamp}`);
      const ucity = getCompany('ucity')!;
      const paid = await recordPayment({ company: 'ucity', choice: { serviceId: ucity.services[0]!.id, optionId: ucity.services[0]!.options[0]!.id }, payer: { name: 'Payer', email: 'payer-ret@example.com', reference: 'R1' }, locale: 'en-CY', idempotencyKey: `ret-p-${stamp}` });
      const ids = [question, short, kept].map((r) => (r as { id: string }).id);
      const exists = async (id: string) => (await listSubmissions({ limit: 5000 })).some((s) => s.id === id);

      expect((await applyRetention(later(7), { dryRun: true })).submissions).toBeGreaterThanOrEqual(1);
      expect(await exists(ids[1]!)).toBe(true); // a dry run changes nothing
      await applyRetention(later(7));
      expect(await exists(ids[1]!)).toBe(false);
      expect(await readAttachment(ids[1]!)).toBeNull();
      expect(await exists(ids[0]!)).toBe(true);
      expect(await exists(ids[2]!)).toBe(true);
      await applyRetention(later(25));
      expect(await exists(ids[0]!)).toBe(false);
      expect(await exists(ids[2]!)).toBe(false);
      const payment = (paid as { payment: { id: string } }).payment.id;
      expect(await getPayment(payment)).toMatchObject({ payerName: 'Payer' });
      await applyRetention(later(85));
      expect(await getPayment(payment)).toMatchObject({ payerName: '', payerEmail: '', reference: '', amountCents: 100000 });
    });

    it('erase answers a data-subject request across submissions, CVs, payments and mails', async () => {
      const address = `erase-${Date.now()}@example.ee`;
      await submitForm({ kind: 'ask-question', locale: 'et-EE', idempotencyKey: `erase-q-${Date.now()}`, fields: { name: 'Mari', email: address.toUpperCase(), message: 'Tere' }, clientAddress: '203.0.113.210' });
      const ucity = getCompany('ucity')!;
      await recordPayment({ company: 'ucity', choice: { serviceId: ucity.services[0]!.id, optionId: ucity.services[0]!.options[0]!.id }, payer: { name: 'Mari', email: address, reference: 'X' }, locale: 'et-EE', idempotencyKey: `erase-p-${Date.now()}` });
      const dry = await eraseEmail(address, { dryRun: true });
      expect(dry).toMatchObject({ submissions: 1, paymentsAnonymized: 1 });
      expect(dry.mails).toBeGreaterThanOrEqual(2);
      const done = await eraseEmail(address);
      expect(done).toMatchObject({ submissions: 1, paymentsAnonymized: 1 });
      expect((await listSubmissions({ limit: 5000 })).filter((s) => s.data.email?.toLowerCase() === address)).toEqual([]);
      expect((await listPayments()).filter((p) => p.payerEmail === address)).toEqual([]);
      expect(await eraseEmail(address)).toMatchObject({ submissions: 0, paymentsAnonymized: 0, mails: 0 });
    });
  });

  describe('addresses with capitals beyond ASCII (issue 28, defect 2)', () => {
    const ucity = () => getCompany('ucity')!;
    const pay = (email: string, key: string) =>
      recordPayment({ company: 'ucity', choice: { serviceId: ucity().services[0]!.id, optionId: ucity().services[0]!.options[0]!.id }, payer: { name: 'Νίκος', email, reference: 'R' }, locale: 'el-CY', idempotencyKey: key });

    it('erase finds ΝΙΚΟΣ@… when asked for νικος@…, with the receipt waiting in the outbox', async () => {
      const stamp = Date.now();
      const address = `ΝΙΚΟΣ${stamp}@EXAMPLE.com.cy`;
      const started = await pay(address, `greek-p-${stamp}`);
      const id = (started as { payment: { id: string } }).payment.id;
      await applyPaymentEvent(id, { event: 'paid', source: 'checkout', card: { brand: 'visa', last4: '4242' } });
      await submitForm({ kind: 'ask-question', locale: 'el-CY', idempotencyKey: `greek-q-${stamp}`, fields: { name: 'Νίκος', email: address, message: 'Γεια' }, clientAddress: '203.0.113.220' });
      const receipts = async () => Number((await (await database()).get<{ n: number }>("SELECT COUNT(*) AS n FROM outbox WHERE topic = 'mail' AND ref = ?", [id]))!.n);
      expect(await receipts()).toBe(1);
      const done = await eraseEmail(`νικοσ${stamp}@example.com.cy`);
      expect(done).toMatchObject({ submissions: 1, paymentsAnonymized: 1 });
      expect(done.mails).toBeGreaterThanOrEqual(3);
      expect(await receipts()).toBe(0);
      expect(await getPayment(id)).toMatchObject({ payerName: '', payerEmail: '', reference: '' });
    });

    it('the migration normalizes rows stored before it', async () => {
      const stamp = Date.now();
      const started = await pay(`ΑΝΝΑ${stamp}@example.com.cy`, `old-p-${stamp}`);
      const id = (started as { payment: { id: string } }).payment.id;
      const question = await submitForm({ kind: 'ask-question', locale: 'el-CY', idempotencyKey: `old-q-${stamp}`, fields: { name: 'Άννα', email: `ΑΝΝΑ${stamp}@example.com.cy`, message: 'Γεια' }, clientAddress: '203.0.113.221' });
      const db = await database();
      // As rows looked before: no normalized payer address; the submission's lowered by SQLite's lower().
      await db.run('UPDATE payments SET payer_email_normalized = NULL WHERE id = ?', [id]);
      await db.run('UPDATE submissions SET email = ? WHERE id = ?', [`ΑΝΝΑ${stamp}@example.com.cy`, (question as { id: string }).id]);
      await db.transaction((tx) => normalizeExisting(tx));
      expect(await db.get('SELECT payer_email_normalized AS e FROM payments WHERE id = ?', [id])).toEqual({ e: `αννα${stamp}@example.com.cy` });
      expect(await db.get('SELECT email AS e FROM submissions WHERE id = ?', [(question as { id: string }).id])).toEqual({ e: `αννα${stamp}@example.com.cy` });
    });
  });

  it('closes: the connection it held refuses queries, and the next use opens a new one', async () => {
    const before = await database();
    await closeDatabase();
    await expect(before.get('SELECT 1 AS one')).rejects.toThrow();
    const after = await database();
    expect(after).not.toBe(before);
    expect(await after.get<{ one: number }>('SELECT 1 AS one')).toEqual({ one: 1 });
    await closeDatabase();
  });
}
