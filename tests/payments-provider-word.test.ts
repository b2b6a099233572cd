import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * Issue 46: the site and the provider never disagree. Against a provider over real HTTP (PAYMENT_PROVIDER
 * remote): cancel at the provider first, a late "paid" after a site cancel recorded, receipted and
 * flagged, a notification verified by the payment's own provider, and a provider outage answered as a
 * page (303) or 503, never 502.
 */
const stub = await vi.hoisted(async () => {
  const port = await (await import('./support/free-port')).freePort();
  (await import('./support/temp-env')).tempEnv({
    PAYMENT_PROVIDER: 'remote', PAYMENT_API_URL: `http://127.0.0.1:${port}/v1`, PAYMENT_HOSTED_ORIGINS: 'https://pay.example', PAYMENT_WEBHOOK_SECRET: 'whsec_word_0123456789abcdef',
  });
  return { port, mode: 'ok' as 'ok' | 'down' | 'evil', statuses: new Map<string, string>(), n: 0 };
});

import { POST as payRoute } from '@/app/api/payments/pay/route';
import { POST as cancelRoute } from '@/app/api/payments/cancel/route';
import { errorAnswer } from '@/lib/http/respond';
import { listOutbox } from '@/lib/outbox';
import {
  applyPaymentEvent, checkoutPayment, getCompany, getPayment, listStuck, PaymentProviderError, receiveNotification, recordPayment, resolveReview, signNotification, type Payment,
} from '@/lib/payments';
import { readDatabaseSnapshot } from '@/lib/db/snapshot';
import { database } from '@/lib/db';

const secret = 'whsec_word_0123456789abcdef';
const server = http.createServer(async (req, res) => {
  for await (const chunk of req) void chunk;
  if (stub.mode === 'down') return void req.socket.destroy();
  const json = (value: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  const match = /^\/v1\/payments(?:\/([^/]+)(\/cancel)?)?$/.exec(req.url ?? '');
  if (match && !match[1]) {
    const id = `pay_${++stub.n}`;
    stub.statuses.set(id, 'processing');
    return json({ id, redirect_url: stub.mode === 'evil' ? `https://evil.example/checkout/${id}` : `https://pay.example/checkout/${id}` });
  }
  const id = match?.[1] ?? '';
  if (match?.[2] && stub.statuses.get(id) !== 'paid') stub.statuses.set(id, 'cancelled');
  json({ id, status: stub.statuses.get(id) ?? 'processing' });
});
beforeAll(() => new Promise<void>((resolve) => server.listen(stub.port, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const ucity = getCompany('ucity')!;
let key = 0;
async function recorded(): Promise<Payment> {
  const service = ucity.services[0]!;
  const result = await recordPayment({
    company: 'ucity', choice: { serviceId: service.id, optionId: service.options[0]!.id }, payer: { name: 'Eleni', email: 'eleni@example.com', reference: 'Room 3' },
    locale: 'en-CY', idempotencyKey: `provider-word-${process.pid}-${++key}`,
  });
  if (!result.ok) throw new Error('not recorded');
  return result.payment;
}
const form = (path: string, fields: Record<string, string>) =>
  new Request(`http://localhost:3000${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' }, body: new URLSearchParams(fields) });
const pay = (p: Payment) => payRoute(form('/api/payments/pay', { payment: p.id, locale: 'en-CY' }));
const cancel = (p: Payment) => cancelRoute(form('/api/payments/cancel', { payment: p.id, locale: 'en-CY', confirmed: '1' }));
const notify = (p: Payment, status: string, provider: string | null, sign = secret) => {
  const body = JSON.stringify({ id: `evt_${p.id}_${status}_${provider}`, type: 'payment.updated', payment_id: p.id, provider_ref: p.providerRef, status, amount: p.amountCents, currency: 'EUR', company: 'ucity', created: Math.floor(Date.now() / 1000) });
  return receiveNotification({ providerName: provider, headers: new Headers({ 'billme-signature': signNotification(body, sign) }), body });
};
const atProvider = async () => {
  const payment = await recorded();
  const answer = await pay(payment);
  expect(answer.status).toBe(303);
  expect(answer.headers.get('location')).toMatch(/^https:\/\/pay\.example\/checkout\/pay_\d+$/);
  return (await getPayment(payment.id))!;
};

describe('the site and the provider never disagree', () => {
  it('cancel on the site cancels at the provider first; a late "paid" is recorded, receipted and flagged until resolved', async () => {
    const payment = await atProvider();
    await applyPaymentEvent(payment.id, { event: 'declined', source: 'notification', card: { brand: 'visa', last4: '0002' } });
    expect((await cancel(payment)).headers.get('location')).toBe(`/cy-en/checkout/${payment.id}`);
    expect(stub.statuses.get(payment.providerRef!)).toBe('cancelled');
    expect(await getPayment(payment.id)).toMatchObject({ status: 'cancelled', review: null });

    expect(await notify(payment, 'paid', 'remote')).toMatchObject({ status: 200, outcome: 'applied' });
    const paid = (await getPayment(payment.id))!;
    expect(paid).toMatchObject({ status: 'paid', review: 'paid_after_cancel', reviewedAt: null });
    expect((await listOutbox({ topic: 'mail' })).map((row) => row.id)).toContain(`receipt-${payment.id}`);
    expect((await listStuck(new Date())).map((p) => p.id)).toContain(payment.id);
    expect((await readDatabaseSnapshot(database)).paymentsNeedingReview).toBeGreaterThanOrEqual(1);
    expect(await resolveReview(payment.id)).toBe(true);
    expect((await listStuck(new Date())).map((p) => p.id)).not.toContain(payment.id);
  });

  it('a reopened checkout asks the provider first: paid there, it is the receipt and no second payment is offered', async () => {
    const payment = await atProvider();
    stub.statuses.set(payment.providerRef!, 'paid');
    expect(await checkoutPayment(payment.id)).toMatchObject({ confirmed: true, payment: { status: 'paid' } });
    // Pay again is not sent to the provider: the checkout (the receipt) instead.
    expect((await pay(payment)).headers.get('location')).toBe(`/cy-en/checkout/${payment.id}`);
  });

  it('a notification is verified by the payment\'s own provider: another provider\'s path or key changes nothing', async () => {
    const payment = await atProvider();
    expect(await notify(payment, 'paid', 'test')).toMatchObject({ status: 200, outcome: 'mismatch' });
    expect(await notify(payment, 'paid', 'nobody')).toMatchObject({ status: 404 });
    expect(await notify(payment, 'paid', null, 'whsec_another_key_0123456789')).toMatchObject({ status: 401 });
    expect(await getPayment(payment.id)).toMatchObject({ status: 'processing' });
    // The bare path finds the payment's provider from the body, then checks the signature with it.
    expect(await notify(payment, 'paid', null)).toMatchObject({ status: 200, outcome: 'applied' });
  });

  it('a provider outage is a page or a 503, never a 502; nothing changes and no payment is offered while unconfirmed', async () => {
    const payment = await atProvider();
    await applyPaymentEvent(payment.id, { event: 'declined', source: 'notification' });
    stub.mode = 'down';
    try {
      const answer = await pay(payment);
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toMatch(/\?unavailable=1$/);
      expect((await cancel(payment)).headers.get('location')).toMatch(/\?cancel=unavailable$/);
      expect(await checkoutPayment(payment.id)).toMatchObject({ confirmed: false, payment: { status: 'declined' } });
      expect(errorAnswer(new PaymentProviderError('down')).status).toBe(503);
      expect(errorAnswer(new PaymentProviderError('down')).headers.get('retry-after')).toBe('30');
    } finally {
      stub.mode = 'ok';
    }
    expect(await getPayment(payment.id)).toMatchObject({ status: 'declined' });
  });

  it('an address outside PAYMENT_HOSTED_ORIGINS is refused, never followed: the checkout says so', async () => {
    const payment = await recorded();
    stub.mode = 'evil';
    try {
      const answer = await pay(payment);
      expect(answer.headers.get('location')).toBe(`/cy-en/checkout/${payment.id}?unavailable=address`);
    } finally {
      stub.mode = 'ok';
    }
    expect(await getPayment(payment.id)).toMatchObject({ status: 'open' });
  });
});
