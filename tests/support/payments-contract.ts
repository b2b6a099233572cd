import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as notifyRoute } from '@/app/api/payments/notify/route';
import { GET as returnRoute } from '@/app/[locale]/checkout/[payment]/return/route';
import { database, dataDir } from '@/lib/db';
import { deliverAllDue } from '@/lib/outbox';
import { registerOutboxHandlers } from '@/instrumentation-node';
import {
  applyPaymentEvent,
  getCompany,
  getPayment,
  nextStatus,
  paymentEvents,
  paymentStatuses,
  reconcilePayments,
  recordPayment,
  sendToProvider,
  type Payment,
} from '@/lib/payments';
import { sign, type TestProvider } from './payment-provider';

/**
 * The payment state machine, signed notifications and reconciliation against a real HTTP provider
 * (tests/support/payment-provider.ts), on whichever database the calling file configured. Run by
 * tests/payments-sqlite.test.ts and tests/payments-postgres.test.ts.
 */
export function paymentsContract(provider: TestProvider, secret: string) {
  let site: http.Server;
  const ucity = getCompany('ucity')!;
  const deposit = ucity.services.find((s) => s.type === 'deposit')!;
  let n = 0;

  // The outbox topics the composition root registers at start-up (the receipt is a mail).
  beforeAll(registerOutboxHandlers);
  beforeAll(async () => {
    // The site's notification endpoint over real HTTP: the route handler Next would call.
    site = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers(Object.entries(req.headers).map(([k, v]) => [k, String(v)] as [string, string]));
      const answer = await notifyRoute(new Request(`http://site${req.url}`, { method: 'POST', headers, body: Buffer.concat(chunks) }));
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    provider.notifyUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/api/payments/notify`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => site.close(() => resolve()));
    await provider.stop();
  });

  const q = async <T>(sql: string, params: unknown[] = []) => (await database()).all<T>(sql, params);
  const count = async (sql: string, params: unknown[] = []) => Number((await q<{ n: number }>(`SELECT COUNT(*) AS n FROM ${sql}`, params))[0]!.n);
  const row = async (id: string) => (await q<Record<string, unknown>>('SELECT * FROM payments WHERE id = ?', [id]))[0];

  /** A payment recorded and sent to the provider: `processing`, with the provider's reference. */
  async function started(): Promise<Payment> {
    const result = await recordPayment({
      company: 'ucity',
      choice: { serviceId: deposit.id, optionId: deposit.options[0]!.id },
      payer: { name: 'Eleni Georgiou', email: `eleni${++n}@example.com`, reference: `Room ${n}` },
      locale: 'en-CY',
      idempotencyKey: `provider-test-${process.pid}-${n}-${Date.now()}`,
    });
    if (!result.ok) throw new Error('not recorded');
    await sendToProvider(result.payment, ucity, `http://site/cy-en/checkout/${result.payment.id}/return`, 'http://site');
    const payment = (await getPayment(result.payment.id))!;
    expect(payment).toMatchObject({ status: 'processing', providerRef: expect.stringMatching(/^pay_/) });
    return payment;
  }

  /** The receipts of a payment: its outbox rows, and the mails actually written (the .eml files). */
  async function receipts(id: string) {
    // The receipt is sent right after the commit that made the payment paid; the worker's round takes
    // whatever that left (not moved forward in time: that would take over the sender's lease).
    await deliverAllDue();
    for (let i = 0; i < 50 && (await count(`outbox WHERE ref = ? AND state = 'pending'`, [id])) > 0; i++) await new Promise((r) => setTimeout(r, 100));
    const dir = path.join(dataDir(), 'mail');
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.includes(`receipt-${id}`)) : [];
    return { rows: await count(`outbox WHERE topic = 'mail' AND ref = ?`, [id]), sent: files.length };
  }
  const changesTo = (id: string, status: string) => count(`payment_attempts WHERE payment_id = ? AND outcome LIKE ?`, [id, `%:${status}`]);
  const payerReturns = (payment: Payment) =>
    returnRoute(new Request(`http://site/cy-en/checkout/${payment.id}/return`), { params: Promise.resolve({ locale: 'en-CY', payment: payment.id }) });
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  describe('the transition table', () => {
    it('every status × event: an allowed event moves the row as the table says; a refused one changes nothing and is logged', async () => {
      // The log lines (lib/observability's logger, JSON), captured.
      const logged: string[] = [];
      const { configureLogger } = await import('@/lib/observability/logger.ts');
      const { Writable } = await import('node:stream');
      configureLogger({ destination: new Writable({ write: (chunk, _encoding, done) => (logged.push(String(chunk)), done()) }) });
      const base = await recordPayment({
        company: 'ucity',
        choice: { serviceId: deposit.id, optionId: deposit.options[0]!.id },
        payer: { name: 'Matrix', email: 'matrix@example.com', reference: '' },
        locale: 'en-CY',
        idempotencyKey: `matrix-${process.pid}-${Date.now()}`,
      });
      if (!base.ok) throw new Error('not recorded');
      const db = await database();
      let pairs = 0;
      for (const status of paymentStatuses) {
        for (const event of paymentEvents) {
          // A fresh payment per pair, put in `status` directly (the only place outside apply.ts that does: a test's set-up).
          const id = crypto.randomUUID();
          await db.run(
            `INSERT INTO payments (id, idempotency_key, company, service, option, quantity, months, amount_cents, fee_cents, payer_name, payer_email,
               reference, locale, provider, status, created_at, updated_at)
             SELECT ?, ?, company, service, option, quantity, months, amount_cents, fee_cents, payer_name, payer_email, reference, locale, provider, ?, created_at, updated_at
             FROM payments WHERE id = ?`,
            [id, `matrix-${id}`, status, base.payment.id],
          );
          const before = await row(id);
          logged.length = 0;
          const applied = (await applyPaymentEvent(id, { event, source: 'checkout' }))!;
          const to = nextStatus(status, event);
          const after = await row(id);
          if (to) {
            expect(applied, `${status} --${event}--> ${to}`).toMatchObject({ changed: true, refused: false, becamePaid: to === 'paid' });
            expect(after!.status).toBe(to);
            expect(await count('payment_attempts WHERE payment_id = ?', [id])).toBe(1);
          } else {
            expect(applied, `${status} --${event}--> refused`).toMatchObject({ changed: false, refused: true, becamePaid: false });
            expect(after, `${status} --${event}--> row unchanged`).toEqual(before);
            expect(await count('payment_attempts WHERE payment_id = ?', [id])).toBe(0);
            expect(logged.join(' ')).toContain('"event":"payment.transition_refused"');
          }
          expect(await count(`outbox WHERE ref = ?`, [id]), `${status} --${event}--> receipt`).toBe(to === 'paid' ? 1 : 0);
          pairs++;
        }
      }
      expect(pairs).toBe(paymentStatuses.length * paymentEvents.length);
      configureLogger();
    });

    it('an unknown payment is no payment', async () => {
      expect(await applyPaymentEvent(crypto.randomUUID(), { event: 'paid', source: 'notification' })).toBeNull();
      expect(await applyPaymentEvent('not-an-id', { event: 'paid', source: 'notification' })).toBeNull();
    });
  });

  describe('signed notifications', () => {
    const post = (body: string, signature?: string) =>
      fetch(provider.notifyUrl!, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'billme-signature': signature } : {}) }, body });
    const event = (payment: Payment, id = `evt_${crypto.randomUUID()}`) =>
      JSON.stringify({
        id, type: 'payment.updated', payment_id: payment.id, provider_ref: payment.providerRef, status: 'paid', created: Math.floor(Date.now() / 1000),
        amount: payment.amountCents, currency: 'EUR', company: payment.company,
      });

    it('a bad, missing or stale signature answers 401 and changes nothing', async () => {
      const payment = await started();
      const before = await row(payment.id);
      const body = event(payment);
      const now = Math.floor(Date.now() / 1000);
      for (const signature of [undefined, sign('another-secret-entirely', body), sign(secret, body, now - 330), sign(secret, body, now + 330), `t=${now},v1=${'0'.repeat(64)}`, 'nonsense']) {
        expect((await post(body, signature)).status, String(signature)).toBe(401);
      }
      // Signed for another body: one changed byte.
      expect((await post(body.replace('"paid"', '"paidExternally"'), sign(secret, body))).status).toBe(401);
      expect(await row(payment.id)).toEqual(before);
      expect(await count('payment_notifications WHERE payment_id = ?', [payment.id])).toBe(0);
    });

    it('a body over 8 KB answers 413; a signed body that is not an event 400; an unknown payment 200, changing nothing', async () => {
      const big = JSON.stringify({ padding: 'x'.repeat(9000) });
      expect((await post(big, sign(secret, big))).status).toBe(413);
      const junk = '{"id": 1}';
      expect((await post(junk, sign(secret, junk))).status).toBe(400);
      const stranger = JSON.stringify({ id: 'evt_unknown', type: 'payment.updated', payment_id: crypto.randomUUID(), provider_ref: 'pay_x', status: 'paid', created: 1, amount: 1, currency: 'EUR', company: 'ucity' });
      const answer = await post(stranger, sign(secret, stranger));
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ outcome: 'unknown_payment' });
      const payment = await started();
      const wrongRef = JSON.stringify({ ...JSON.parse(event(payment)), provider_ref: 'pay_someone_else' });
      expect(await (await post(wrongRef, sign(secret, wrongRef))).json()).toMatchObject({ outcome: 'mismatch' });
      expect((await getPayment(payment.id))!.status).toBe('processing');
    });

    // Issue 39, item 3: each of these was applied (the payment became paid) before the fix.
    it.each([
      ['another amount', { amount: 1 }],
      ['another currency', { currency: 'USD' }],
      ['another company', { company: 'bluenet' }],
    ])('a signed notification with %s changes nothing (bound to the stored payment)', async (_label, change) => {
      const payment = await started();
      const body = JSON.stringify({ ...JSON.parse(event(payment)), ...change });
      const answer = await post(body, sign(secret, body));
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ outcome: 'mismatch' });
      expect((await getPayment(payment.id))!.status).toBe('processing');
      expect(await count('payment_notifications WHERE payment_id = ?', [payment.id])).toBe(0);
    });

    it('a signed notification without provider_ref is refused (400), and one without amount, currency or company too', async () => {
      const payment = await started();
      for (const field of ['provider_ref', 'amount', 'currency', 'company']) {
        const json = JSON.parse(event(payment)) as Record<string, unknown>;
        delete json[field];
        const body = JSON.stringify(json);
        expect((await post(body, sign(secret, body))).status, field).toBe(400);
      }
      expect((await getPayment(payment.id))!.status).toBe('processing');
    });

    it('the signature\'s t is plain decimal digits: 0x…, NNN.0, +NNN and padded forms of a valid time are 401', async () => {
      const payment = await started();
      const body = event(payment);
      const now = Math.floor(Date.now() / 1000);
      const v1 = sign(secret, body, now).split(',')[1]!;
      for (const t of [`0x${now.toString(16)}`, `${now}.0`, `+${now}`, `${now}e0`, ` ${now}`]) {
        expect((await post(body, `t=${t},${v1}`)).status, t).toBe(401);
      }
      expect((await getPayment(payment.id))!.status).toBe('processing');
      // The same signature with the plain t is accepted.
      expect((await post(body, `t=${now},${v1}`)).status).toBe(200);
      expect((await getPayment(payment.id))!.status).toBe('paid');
    });
  });

  describe('with a real provider', () => {
    it('the payer never returns: the notification makes the payment paid, and exactly 1 receipt is sent', async () => {
      const payment = await started();
      const { answers } = await provider.settle(payment.providerRef!, 'paid', 1);
      expect(answers).toEqual([200]);
      expect(await getPayment(payment.id)).toMatchObject({ status: 'paid', paidAt: expect.any(String) });
      expect(await receipts(payment.id)).toEqual({ rows: 1, sent: 1 });
    });

    it('the notification arrives before the return, and again 5 times: 1 change, 1 receipt', async () => {
      const payment = await started();
      const { eventId, answers } = await provider.settle(payment.providerRef!, 'paid', 1);
      expect(answers).toEqual([200]);
      const back = await payerReturns(payment);
      expect(back.status).toBe(303);
      const again = await Promise.all(Array.from({ length: 5 }, () => provider.notify(payment.providerRef!, eventId)));
      expect(again).toEqual([200, 200, 200, 200, 200]);
      expect(await changesTo(payment.id, 'paid')).toBe(1);
      expect(await count('payment_notifications WHERE payment_id = ?', [payment.id])).toBe(1);
      expect(await receipts(payment.id)).toEqual({ rows: 1, sent: 1 });
    });

    it('the notification is lost: reconciliation marks it paid (after PAYMENT_RECONCILE_AFTER, not before)', async () => {
      const payment = await started();
      await provider.settle(payment.providerRef!, 'paid', 0);
      expect((await getPayment(payment.id))!.status).toBe('processing');
      const early = await reconcilePayments(new Date());
      expect(early).toMatchObject({ leased: true, changed: 0 });
      expect((await getPayment(payment.id))!.status).toBe('processing');
      const round = await reconcilePayments(later(11));
      expect(round.changed).toBeGreaterThanOrEqual(1);
      expect((await getPayment(payment.id))!.status).toBe('paid');
      expect(await receipts(payment.id)).toEqual({ rows: 1, sent: 1 });
    });

    it('the provider is down during reconciliation: the payment stays processing, nothing else changes, and the next round settles it', async () => {
      const payment = await started();
      await provider.settle(payment.providerRef!, 'paid', 0);
      const before = await row(payment.id);
      const outboxBefore = await count('outbox');
      provider.down = true;
      try {
        const round = await reconcilePayments(later(11));
        expect(round.failed).toBeGreaterThanOrEqual(1);
        expect(round.changed).toBe(0);
        expect(await row(payment.id)).toEqual(before);
        expect(await count('outbox')).toBe(outboxBefore);
        expect(await count('payment_attempts WHERE payment_id = ?', [payment.id])).toBe(1); // the redirect only
        expect(provider.calls.refused).toBeGreaterThan(0);
      } finally {
        provider.down = false;
      }
      await reconcilePayments(later(12));
      expect((await getPayment(payment.id))!.status).toBe('paid');
      expect(await receipts(payment.id)).toEqual({ rows: 1, sent: 1 });
    });

    it('20 concurrent returns, notifications and reconciliations of one payment: paid once, 1 receipt', async () => {
      const payment = await started();
      await provider.settle(payment.providerRef!, 'paid', 0);
      const eventIds = [`evt_a_${payment.id}`, `evt_b_${payment.id}`];
      const work = Array.from({ length: 20 }, (_, i) =>
        i % 3 === 0
          ? payerReturns(payment).then((r) => `return ${r.status}`)
          : i % 3 === 1
            ? provider.notify(payment.providerRef!, eventIds[i % 2]!).then((s) => `notify ${s}`)
            : reconcilePayments(later(11), `instance-${i}`).then((r) => `reconcile ${r.leased ? 'leased' : 'skipped'}`),
      );
      const outcomes = await Promise.all(work);
      expect(outcomes.filter((o) => o === 'return 303')).toHaveLength(7);
      expect(outcomes.filter((o) => o === 'notify 200')).toHaveLength(7);
      expect((await getPayment(payment.id))!.status).toBe('paid');
      expect(await changesTo(payment.id, 'paid')).toBe(1);
      expect(await receipts(payment.id)).toEqual({ rows: 1, sent: 1 });
      console.info(`[concurrency] ${JSON.stringify(Object.fromEntries([...new Set(outcomes)].map((o) => [o, outcomes.filter((x) => x === o).length])))}`);
    });

    it('the payer comes back while the provider is down: the page shows processing and nothing changes', async () => {
      const payment = await started();
      await provider.settle(payment.providerRef!, 'paid', 0);
      const before = await row(payment.id);
      provider.down = true;
      try {
        expect((await payerReturns(payment)).status).toBe(303);
      } finally {
        provider.down = false;
      }
      expect(await row(payment.id)).toEqual(before);
      expect((await payerReturns(payment)).status).toBe(303);
      expect((await getPayment(payment.id))!.status).toBe('paid');
    });
  });
}
