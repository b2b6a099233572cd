import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const stub = await vi.hoisted(async () => {
  (await import('./support/temp-env')).tempEnv({ PAYMENT_PROVIDER: 'remote', PAYMENT_API_URL: 'http://127.0.0.1:3997/v1', PAYMENT_API_KEY: 'pk_test', PAYMENT_WEBHOOK_SECRET: 'whsec_test_0123456789abcdef' });
  return { port: 3997, requests: [] as { method: string; url: string; key: string; auth: string; body: string }[] };
});

import { getCompany } from '@/lib/payments/catalogue';
import { createRemotePayment, remotePaymentStatus } from '@/lib/payments/providers';
import { recordPayment } from '@/lib/payments/service';

const server = http.createServer(async (req, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  stub.requests.push({ method: req.method!, url: req.url!, key: String(req.headers['idempotency-key']), auth: String(req.headers.authorization), body });
  res.setHeader('content-type', 'application/json');
  if (req.method === 'POST') return void res.end(JSON.stringify({ id: 'pay_123', redirect_url: 'https://pay.example/checkout/pay_123' }));
  res.end(JSON.stringify({ id: 'pay_123', status: 'paid' }));
});
beforeAll(() => new Promise<void>((resolve) => server.listen(stub.port, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the remote payment provider', () => {
  it('creates the payment with the catalogue amount and the payment id as idempotency key, then reads its status', async () => {
    const ucity = getCompany('ucity')!;
    const deposit = ucity.services.find((s) => s.type === 'deposit')!;
    const result = await recordPayment({
      company: 'ucity',
      choice: { serviceId: deposit.id, optionId: deposit.options[0]!.id },
      payer: { name: 'Eleni', email: 'eleni@example.com', reference: 'Room 12' },
      locale: 'el-CY',
      idempotencyKey: 'remote-pay-0001',
    });
    if (!result.ok) throw new Error('not recorded');
    expect(result.payment).toMatchObject({ provider: 'remote', amountCents: 100000, status: 'open' });

    const created = await createRemotePayment(result.payment, 'U-City: deposit', 'https://billme.example/cy-el/checkout/x/return');
    expect(created).toEqual({ ref: 'pay_123', redirect: 'https://pay.example/checkout/pay_123' });
    const post = stub.requests[0]!;
    expect([post.method, post.url, post.key, post.auth]).toEqual(['POST', '/v1/payments', result.payment.id, 'Bearer pk_test']);
    expect(JSON.parse(post.body)).toMatchObject({ amount: 100000, currency: 'EUR', reference: 'Room 12', payer: { email: 'eleni@example.com' } });

    expect(await remotePaymentStatus({ ...result.payment, providerRef: 'pay_123' })).toBe('paid');
    expect(stub.requests[1]!.url).toBe('/v1/payments/pay_123');
  });
});
