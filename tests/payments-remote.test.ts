import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const stub = await vi.hoisted(async () => {
  const port = await (await import('./support/free-port')).freePort();
  (await import('./support/temp-env')).tempEnv({ PAYMENT_PROVIDER: 'remote', PAYMENT_API_URL: `http://127.0.0.1:${port}/v1`, PAYMENT_API_KEY: 'pk_test', PAYMENT_HOSTED_ORIGINS: 'https://pay.example', PAYMENT_WEBHOOK_SECRET: 'whsec_test_0123456789abcdef' });
  return {
    port,
    requests: [] as { method: string; url: string; key: string; auth: string; body: string }[],
    /** How the stub answers: as a working provider, or as one that fails in one of the ways real ones do. */
    mode: 'ok' as 'ok' | 'error' | 'garbage' | 'unknown-status',
  };
});

import { getCompany } from '@/lib/payments/catalogue';
import { remoteProvider } from '@/lib/payments/providers/remote';
import type { Payment } from '@/lib/payments/store';

const createRemotePayment = (payment: Payment, description: string, returnUrl: string) =>
  remoteProvider.start({ payment, description, companyLabel: 'U-City', returnUrl, notifyUrl: 'https://billme.example/api/payments/notify/remote', locale: 'el-CY' });
const remotePaymentStatus = (payment: Payment) => remoteProvider.fetchStatus(payment);
import { recordPayment } from '@/lib/payments/service';

const server = http.createServer(async (req, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  stub.requests.push({ method: req.method!, url: req.url!, key: String(req.headers['idempotency-key']), auth: String(req.headers.authorization), body });
  res.setHeader('content-type', 'application/json');
  if (stub.mode === 'error') return void res.writeHead(500).end(JSON.stringify({ error: 'internal' }));
  if (stub.mode === 'garbage') return void res.end('<html>Bad gateway</html>');
  if (stub.mode === 'unknown-status') return void res.end(JSON.stringify({ id: 'pay_123', status: 'refunded', redirect_url: 'javascript:alert(1)' }));
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

    expect(await remotePaymentStatus({ ...result.payment, providerRef: 'pay_123' })).toEqual({ status: 'paid' });
    expect(stub.requests[1]!.url).toBe('/v1/payments/pay_123');
  });
});

describe('the remote payment provider when it fails', () => {
  const payment = async (key: string) => {
    const deposit = getCompany('ucity')!.services.find((s) => s.type === 'deposit')!;
    const result = await recordPayment({
      company: 'ucity',
      choice: { serviceId: deposit.id, optionId: deposit.options[0]!.id },
      payer: { name: 'Eleni', email: 'eleni@example.com', reference: 'Room 12' },
      locale: 'el-CY',
      idempotencyKey: key,
    });
    if (!result.ok) throw new Error('not recorded');
    return { ...result.payment, providerRef: 'pay_123' };
  };
  afterAll(() => void (stub.mode = 'ok'));

  it.each(['error', 'garbage', 'unknown-status'] as const)('answers a PaymentProviderError (503, never 502), never a made-up payment, when the API answers %s', async (mode) => {
    const recorded = await payment(`remote-fail-${mode}-0001`);
    stub.mode = mode;
    await expect(createRemotePayment(recorded, 'U-City: deposit', 'https://billme.example/r')).rejects.toMatchObject({ name: 'PaymentProviderError', status: 503 });
    await expect(remotePaymentStatus(recorded)).rejects.toMatchObject({ status: 503 });
  });

  it('answers a PaymentProviderError when the API cannot be reached', async () => {
    const recorded = await payment('remote-fail-down-0001');
    stub.mode = 'ok';
    await new Promise<void>((resolve) => server.close(() => resolve()));
    try {
      await expect(createRemotePayment(recorded, 'U-City: deposit', 'https://billme.example/r')).rejects.toMatchObject({ status: 503, message: expect.stringMatching(/unreachable/) });
    } finally {
      await new Promise<void>((resolve) => server.listen(stub.port, '127.0.0.1', resolve));
    }
  });
});
