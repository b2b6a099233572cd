import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** A local stand-in for Google's siteverify: the token says what it should answer. */
const verifier = await vi.hoisted(async () => {
  const port = await (await import('./support/free-port')).freePort();
  (await import('./support/temp-env')).tempEnv({
    NEXT_PUBLIC_RECAPTCHA_SITE_KEY: 'site-key',
    RECAPTCHA_SECRET_KEY: 'secret-key',
    RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
  });
  return { port, requests: [] as URLSearchParams[] };
});

import { database } from '@/lib/db';
import { submitForm } from '@/lib/submissions/service';

const server = http.createServer(async (req, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  const params = new URLSearchParams(body);
  verifier.requests.push(params);
  const token = params.get('response');
  const answers: Record<string, object> = {
    good: { success: true, score: 0.9, action: 'ask_question' },
    invalid: { success: false, 'error-codes': ['invalid-input-response'] },
    'wrong-action': { success: true, score: 0.9, action: 'business_start' },
    'low-score': { success: true, score: 0.1, action: 'ask_question' },
  };
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answers[token ?? ''] ?? { success: false }));
});
beforeAll(() => new Promise<void>((resolve) => server.listen(verifier.port, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const count = async () => Number((await (await database()).get<{ n: number }>('SELECT COUNT(*) AS n FROM submissions'))!.n);
const send = (captchaToken?: string) =>
  submitForm({
    kind: 'ask-question',
    locale: 'en-CY',
    idempotencyKey: crypto.randomUUID(),
    fields: { name: 'Anna', email: 'anna@example.com', phone: '', message: 'Hello' },
    captchaToken,
    clientAddress: '192.0.2.7',
  });

describe('reCAPTCHA v3, when configured', () => {
  it('refuses a missing token without asking Google, and stores nothing', async () => {
    expect(await send()).toEqual({ ok: false, reason: 'captchaMissing' });
    expect(verifier.requests).toHaveLength(0);
    expect(await count()).toBe(0);
  });

  it.each(['invalid', 'wrong-action', 'low-score'])('refuses a %s token and stores nothing', async (token) => {
    expect(await send(token)).toEqual({ ok: false, reason: 'captchaFailed' });
    expect(await count()).toBe(0);
  });

  it('accepts a good token for the right action, sending secret, token and client address', async () => {
    expect(await send('good')).toMatchObject({ ok: true });
    expect(await count()).toBe(1);
    const last = verifier.requests.at(-1)!;
    expect([last.get('secret'), last.get('response'), last.get('remoteip')]).toEqual(['secret-key', 'good', '192.0.2.7']);
  });
});
