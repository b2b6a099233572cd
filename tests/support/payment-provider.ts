import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small payment provider over real HTTP, speaking the contract of docs/api.md, for the tests to
 * start: it creates payments (one per Idempotency-Key), answers their status, and sends signed
 * notifications to the site. It signs with its own code, not the site's, so a test checks the
 * contract rather than the site agreeing with itself. Faults: `down` (every API call meets a reset
 * connection) and notifications that are lost.
 */
export type ProviderStatus = 'processing' | 'paid' | 'paidExternally' | 'fail' | 'declined' | 'cancelled' | 'closed';
type Stored = { ref: string; paymentId: string; status: ProviderStatus; amount: number; currency: string; company: string };

export type TestProvider = {
  /** The PAYMENT_API_URL to configure. */
  url: string;
  /** Where notifications go (the site's POST /api/payments/notify). */
  notifyUrl: string | null;
  /** Every API call meets a reset connection while true. */
  down: boolean;
  calls: { create: number; status: number; refused: number };
  payments: Map<string, Stored>;
  /**
   * The payer finishes at the provider with `status`. The notification is sent `times` times with the
   * same event id (0: it is lost). Answers the event id and the site's HTTP statuses.
   */
  settle(ref: string, status: ProviderStatus, times?: number): Promise<{ eventId: string; answers: number[] }>;
  /** Sends a notification of the payment's current status with a given event id (a retry or a replay). */
  notify(ref: string, eventId: string): Promise<number>;
  stop(): Promise<void>;
};

export function sign(secret: string, body: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

export async function startTestProvider(secret: string): Promise<TestProvider> {
  const byKey = new Map<string, string>();
  let next = 0;
  const provider = {} as TestProvider;

  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (provider.down) {
      provider.calls.refused++;
      return void req.socket.destroy();
    }
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const url = new URL(req.url ?? '/', 'http://provider');
    if (req.method === 'POST' && url.pathname === '/v1/payments') {
      provider.calls.create++;
      const key = String(req.headers['idempotency-key'] ?? '');
      const input = JSON.parse(body || '{}') as { amount?: number; currency?: string; return_url?: string; metadata?: { payment_id?: string; company?: string } };
      if (!key || !Number.isInteger(input.amount) || input.currency !== 'EUR' || !input.return_url || !input.metadata?.payment_id) {
        return json(400, { error: 'invalid' });
      }
      let ref = byKey.get(key);
      if (!ref) {
        ref = `pay_${++next}`;
        byKey.set(key, ref);
        provider.payments.set(ref, { ref, paymentId: input.metadata.payment_id, status: 'processing', amount: input.amount!, currency: input.currency, company: input.metadata.company ?? '' });
      }
      return json(200, { id: ref, redirect_url: `${provider.url}/checkout/${ref}` });
    }
    const status = /^\/v1\/payments\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && status) {
      provider.calls.status++;
      const stored = provider.payments.get(decodeURIComponent(status[1]!));
      return stored ? json(200, { id: stored.ref, status: stored.status }) : json(404, { error: 'not_found' });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  async function send(stored: Stored, eventId: string): Promise<number> {
    if (!provider.notifyUrl) throw new Error('notifyUrl is not set');
    const body = JSON.stringify({
      id: eventId,
      type: 'payment.updated',
      payment_id: stored.paymentId,
      provider_ref: stored.ref,
      status: stored.status,
      created: Math.floor(Date.now() / 1000),
      amount: stored.amount,
      currency: stored.currency,
      company: stored.company,
    });
    const response = await fetch(provider.notifyUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'billme-signature': sign(secret, body) }, body });
    await response.arrayBuffer();
    return response.status;
  }

  Object.assign(provider, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    notifyUrl: null,
    down: false,
    calls: { create: 0, status: 0, refused: 0 },
    payments: new Map<string, Stored>(),
    async settle(ref: string, status: ProviderStatus, times = 1) {
      const stored = provider.payments.get(ref);
      if (!stored) throw new Error(`no payment ${ref}`);
      stored.status = status;
      const eventId = `evt_${randomUUID()}`;
      const answers: number[] = [];
      for (let i = 0; i < times; i++) answers.push(await send(stored, eventId));
      return { eventId, answers };
    },
    async notify(ref: string, eventId: string) {
      return send(provider.payments.get(ref)!, eventId);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return provider;
}
