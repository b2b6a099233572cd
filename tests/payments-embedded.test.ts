import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

/** The embedded default: the test provider signs its verdicts with a key it makes once under DATA_DIR. */
const dir = await vi.hoisted(async () => {
  const dir = (await import('./support/temp-env')).tempEnv({ PAYMENT_PROVIDER: 'test' });
  delete process.env.PAYMENT_WEBHOOK_SECRET;
  return dir;
});

import { applyPaymentEvent, getCompany, recordPayment, verifySignature, signNotification } from '@/lib/payments';
import { webhookSecret } from '@/lib/payments/webhook-secret';


async function openPayment(key: string) {
  const ucity = getCompany('ucity')!;
  const result = await recordPayment({
    company: 'ucity',
    choice: { serviceId: ucity.services[0]!.id, optionId: ucity.services[0]!.options[0]!.id },
    payer: { name: 'Nikos', email: 'nikos@example.com', reference: '' },
    locale: 'el-CY',
    idempotencyKey: key,
  });
  if (!result.ok) throw new Error('not recorded');
  return result.payment;
}
describe('the embedded test provider', () => {
  it('makes its notification key once, readable by the site only, and keeps it', () => {
    const first = webhookSecret();
    const file = path.join(dir, 'payment-webhook-secret');
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(first);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(webhookSecret()).toBe(first);
    const body = '{"id":"x"}';
    expect(verifySignature(body, signNotification(body, first), first)).toBe(true);
  });
});

describe('the notification key in the environment', () => {
  const saved = { ...process.env };
  const load = async (vars: Record<string, string | undefined>) => {
    vi.resetModules();
    process.env = { ...saved, ...vars } as NodeJS.ProcessEnv;
    try {
      return await import('@/lib/payments/webhook-secret');
    } finally {
      process.env = saved;
    }
  };

  it('PAYMENT_PROVIDER=remote without PAYMENT_WEBHOOK_SECRET or PAYMENT_HOSTED_ORIGINS is a start-up error', async () => {
    await expect(load({ PAYMENT_PROVIDER: 'remote', PAYMENT_API_URL: 'https://pay.example/v1', PAYMENT_HOSTED_ORIGINS: 'https://pay.example', PAYMENT_WEBHOOK_SECRET: undefined })).rejects.toThrow(/PAYMENT_WEBHOOK_SECRET is required/);
    await expect(load({ PAYMENT_PROVIDER: 'remote', PAYMENT_API_URL: 'https://pay.example/v1', PAYMENT_WEBHOOK_SECRET: 'whsec_from_the_environment_01', PAYMENT_HOSTED_ORIGINS: undefined })).rejects.toThrow(/PAYMENT_HOSTED_ORIGINS is required/);
    await expect(load({ PAYMENT_PROVIDER: 'sandbox', PAYMENT_API_URL: 'https://pay.example/v1', PAYMENT_WEBHOOK_SECRET: 'whsec_from_the_environment_01', PAYMENT_HOSTED_ORIGINS: 'https://pay.example/checkout' })).rejects.toThrow(/is not an origin/);
  });

  it('PAYMENT_WEBHOOK_SECRET overrides the key kept under DATA_DIR, in both modes', async () => {
    for (const mode of ['test', 'remote']) {
      const loaded = await load({ PAYMENT_PROVIDER: mode, PAYMENT_API_URL: 'https://pay.example/v1', PAYMENT_HOSTED_ORIGINS: 'https://pay.example', PAYMENT_WEBHOOK_SECRET: 'whsec_from_the_environment_01' });
      expect(loaded.webhookSecret()).toBe('whsec_from_the_environment_01');
    }
  });
});

describe('npm run submissions -- payments --stuck', () => {
  it('lists the payments still processing after PAYMENT_RECONCILE_AFTER minutes, and only those', async () => {
    const stuck = await openPayment('embedded-stuck-01');
    const recent = await openPayment('embedded-stuck-02');
    await applyPaymentEvent(stuck.id, { event: 'redirected', source: 'start', providerRef: 'pay_old' }, new Date(Date.now() - 11 * 60_000));
    await applyPaymentEvent(recent.id, { event: 'redirected', source: 'start', providerRef: 'pay_new' });
    const cli = (...args: string[]) => execFileSync('node', ['--import', 'tsx', 'scripts/submissions.ts', ...args], { env: { ...process.env, DATA_DIR: dir } }).toString();
    const listed = JSON.parse(cli('payments', '--stuck', '--json')) as { id: string; status: string; provider_ref: string }[];
    expect(listed.map((p) => [p.id, p.status, p.provider_ref])).toEqual([[stuck.id, 'processing', 'pay_old']]);
    expect(cli('payments', '--stuck')).toMatch(/1 payment\(s\) still processing after 10 minutes/);
  }, 60_000);
});
