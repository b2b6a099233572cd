import { createHmac } from 'node:crypto';
import { expect, test, type APIRequestContext } from './fixtures';
import { getCompany } from '@/lib/payments/catalogue';
import { formatEuros } from '@/lib/payments/price';
import { payOnProvider, toProvider, message } from './helpers';
import { sandboxSecret, storedJson } from './support/servers';

/**
 * POST /api/payments/notify (the bare path: the payment's own provider verifies) on the production build:
 * the sandbox provider's key signs; anything else is a 401; a replay and a refused transition change nothing.
 */
const sign = (secret: string, body: string, t = Math.floor(Date.now() / 1000)) => `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
/** The main server's provider is the sandbox (its key is PAYMENT_WEBHOOK_SECRET, e2e/support/servers.ts). */
const secret = () => sandboxSecret;
const notify = (request: APIRequestContext, body: string, signature?: string) =>
  request.post('/api/payments/notify', { headers: { 'content-type': 'application/json', ...(signature ? { 'billme-signature': signature } : {}) }, data: body });

test('a paid test payment: signed notifications are checked, a replay and a late "fail" change nothing', async ({ page, request }) => {
  const company = getCompany('pisfitness')!;
  const service = company.services[0]!;
  const option = service.options[0]!;
  const reference = `notify-${Date.now().toString(36)}`;
  await page.goto('/cy-en/companies/pisfitness');
  await page.getByRole('radio', { name: new RegExp(`^${option.label.en.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).first().check();
  await page.getByLabel(message('en', 'Payments.name'), { exact: false }).fill('Notify Test');
  await page.getByLabel(message('en', 'Payments.emailReceipt'), { exact: false }).fill('notify@example.com');
  await page.locator('#pay-reference').fill(reference);
  await page.getByRole('button', { name: message('en', 'Payments.continue') }).click();
  await expect(page).toHaveURL(/\/cy-en\/checkout\/[0-9a-f-]{36}$/);
  const id = /checkout\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await expect(page.locator('main')).toContainText(formatEuros(option.price, 'en-CY'));
  await toProvider(page, 'en');
  await payOnProvider(page, 'en', '4242 4242 4242 4242', { expiry: '12/30' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'Payments.checkout.states.paid.title'));

  const stored = storedJson('payments').find((p) => p.reference === reference)!;
  const event = JSON.stringify({
    id: `evt_e2e_${id}`, type: 'payment.updated', payment_id: id, provider_ref: stored.provider_ref, status: 'fail', created: Math.floor(Date.now() / 1000),
    amount: option.price, currency: 'EUR', company: 'pisfitness',
  });
  expect((await notify(request, event)).status()).toBe(401);
  expect((await notify(request, event, sign('not-the-key-0123456789', event))).status()).toBe(401);
  expect((await notify(request, event, sign(secret(), event, Math.floor(Date.now() / 1000) - 600))).status()).toBe(401);
  const big = JSON.stringify({ pad: 'x'.repeat(10_000) });
  expect((await notify(request, big, sign(secret(), big))).status()).toBe(413);

  const refused = await notify(request, event, sign(secret(), event));
  expect(refused.status()).toBe(200);
  expect(await refused.json()).toMatchObject({ outcome: 'refused' });
  const replay = await notify(request, event, sign(secret(), event));
  expect(await replay.json()).toMatchObject({ outcome: 'replay' });
  expect(storedJson('payments').filter((p) => p.reference === reference)).toEqual([expect.objectContaining({ status: 'paid', attempts: 1 })]);
});
