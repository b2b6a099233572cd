import { describe, expect, it, vi } from 'vitest';

/**
 * Issue 39, 46: the embedded default's test provider works like a hosted payment page. The site sends
 * the payer to its page (sendToProvider, through the same contract as the remote provider); the page
 * takes the card, signs its verdict to the site's notification handler (in-process: the same Request
 * the route gets) and sends the payer back.
 */
const port = await vi.hoisted(async () => {
  const port = await (await import('./support/free-port')).freePort();
  (await import('./support/temp-env')).tempEnv({ PAYMENT_PROVIDER: 'test', NEXT_PUBLIC_SITE_URL: `http://localhost:${port}` });
  delete process.env.PAYMENT_WEBHOOK_SECRET;
  return port;
});

import { database } from '@/lib/db';
import { CARD_ATTEMPTS } from '@/lib/limits.ts';
import { cancelPayment, embeddedSandbox, getCompany, getPayment, reconcilePayments, recordPayment, sendToProvider, type Payment } from '@/lib/payments';

const testProviderGet = (id: string) => embeddedSandbox().page(id, new Request(`http://localhost:${port}/test-provider/${id}`));
const testProviderPost = (id: string, request: Request) => embeddedSandbox().page(id, request);
/** The notifications the site has applied or refused (each signed one it received is a row). */
const notifications = async () => Number((await (await database()).all<{ n: number }>('SELECT COUNT(*) AS n FROM payment_notifications'))[0]!.n);

const ucity = getCompany('ucity')!;
let n = 0;
let client = 0;

/** A payment recorded and sent to the test provider: answers it and its page's session id. */
async function atProvider(locale = 'el-CY'): Promise<{ payment: Payment; session: string }> {
  const service = ucity.services[0]!;
  const result = await recordPayment({
    company: 'ucity',
    choice: { serviceId: service.id, optionId: service.options[0]!.id },
    payer: { name: 'Nikos', email: 'nikos@example.com', reference: '' },
    locale,
    idempotencyKey: `test-provider-${process.pid}-${++n}`,
  });
  if (!result.ok) throw new Error('not recorded');
  const redirect = await sendToProvider(result.payment, ucity, `http://localhost:${port}/cy-el/checkout/${result.payment.id}/return`, `http://localhost:${port}`, locale);
  const session = /\/test-provider\/(cs_test_[0-9a-f]{32})$/.exec(redirect?.href ?? '')?.[1];
  if (!session) throw new Error(`no session in ${redirect}`);
  return { payment: (await getPayment(result.payment.id))!, session };
}

/** The payer's browser posts the page's form (each test its own client address unless told). */
function post(session: string, fields: Record<string, string>, from = `198.51.100.${++client % 250}`) {
  return testProviderPost(
    session,
    new Request(`http://localhost:${port}/test-provider/${session}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://localhost:${port}`, 'x-forwarded-for': from },
      body: new URLSearchParams(fields),
    }),
  );
}
const card = (number: string, from?: string) => (session: string) =>
  post(session, { action: 'pay', name: 'Nikos P', number, expiry: '12/39', cvc: '123' }, from);
const stored = async (id: string) => (await getPayment(id))!;

describe('the test provider\'s payment page', () => {
  it('is its own page in the payer\'s language, with its nonce\'d style and script only, and the site\'s payment is processing', async () => {
    const { payment, session } = await atProvider('el-CY');
    expect(payment).toMatchObject({ status: 'processing', provider: 'test', providerRef: session });
    const page = await testProviderGet(session);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="el-CY">');
    expect(html).toContain('Δοκιμαστική λειτουργία');
    expect(html).toMatch(/1\.000,00\s€/);
    // Its style and script carry the nonce of the CSP proxy.ts set (hostedPagePolicy); nothing else runs.
    expect(html.match(/<(style|script) nonce="[^"]+">/g)).toHaveLength(2);
    expect(html).not.toMatch(/<script(?! nonce)|<link|<img|<iframe/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect((await testProviderGet('cs_test_00000000000000000000000000000000')).status).toBe(404);
  });

  it('4242 pays: a signed notification, then back to the return URL; only brand and last four are kept', async () => {
    const { payment, session } = await atProvider();
    const before = await notifications();
    const answer = await card('4242 4242 4242 4242')(session);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`http://localhost:${port}/cy-el/checkout/${payment.id}/return`);
    expect(await notifications()).toBe(before + 1);
    expect(await stored(payment.id)).toMatchObject({ status: 'paid', cardBrand: 'visa', cardLast4: '4242', attempts: 1 });
    const rows = JSON.stringify(await (await database()).all('SELECT * FROM test_provider_sessions'));
    expect(rows).not.toContain('4242424242424242');
  });

  it('0002 is declined on the page (nothing charged), another card then pays', async () => {
    const { payment, session } = await atProvider();
    const declined = await card('4000000000000002')(session);
    expect(declined.status).toBe(402);
    const html = await declined.text();
    expect(html).toContain('Η κάρτα σας απορρίφθηκε');
    expect(html).not.toContain('4000000000000002');
    expect(await stored(payment.id)).toMatchObject({ status: 'declined', attempts: 1, lastOutcome: 'declined' });
    expect((await card('4000000000000069')(session)).status).toBe(402);
    expect(await stored(payment.id)).toMatchObject({ status: 'declined', attempts: 2, lastOutcome: 'expired' });
    expect((await card('5555555555554444')(session)).status).toBe(303);
    expect(await stored(payment.id)).toMatchObject({ status: 'paid', cardBrand: 'mastercard', attempts: 3 });
  });

  it('3220 asks for a 3-D Secure confirmation: confirmed, it pays; not confirmed, it is declined', async () => {
    const first = await atProvider();
    const asked = await card('4000 0000 0000 3220')(first.session);
    expect(asked.status).toBe(303);
    expect(asked.headers.get('location')).toBe(`/test-provider/${first.session}`);
    expect(await stored(first.payment.id)).toMatchObject({ status: 'processing' });
    expect(await (await testProviderGet(first.session)).text()).toContain('Επιβεβαιώστε αυτή την πληρωμή');
    expect((await post(first.session, { action: 'confirm' })).status).toBe(303);
    expect(await stored(first.payment.id)).toMatchObject({ status: 'paid', cardLast4: '3220' });

    const second = await atProvider();
    await card('4000000000003220')(second.session);
    expect((await post(second.session, { action: 'fail' })).status).toBe(200);
    expect(await stored(second.payment.id)).toMatchObject({ status: 'declined' });
  });

  it('Cancel on the page cancels the payment; 0119 fails it; both send the payer back', async () => {
    const cancelled = await atProvider();
    expect((await post(cancelled.session, { action: 'cancel' })).status).toBe(303);
    expect(await stored(cancelled.payment.id)).toMatchObject({ status: 'cancelled' });
    const failed = await atProvider();
    expect((await card('4000000000000119')(failed.session)).status).toBe(303);
    expect(await stored(failed.payment.id)).toMatchObject({ status: 'fail' });
  });

  it('0077: the payer closes the page and the notification is lost; reconciliation asks the provider and settles it', async () => {
    const { payment, session } = await atProvider();
    const before = await notifications();
    expect((await card('4000000000000077')(session)).status).toBe(200);
    expect(await notifications()).toBe(before);
    expect(await stored(payment.id)).toMatchObject({ status: 'processing' });
    await reconcilePayments(new Date(Date.now() + 11 * 60_000));
    expect(await stored(payment.id)).toMatchObject({ status: 'paid' });
  });

  it('refuses a number that is no test card, without storing or showing it', async () => {
    const { payment, session } = await atProvider();
    const refused = await card('4111 1111 1111 1111')(session);
    expect(refused.status).toBe(422);
    expect(await refused.text()).not.toMatch(/4111/);
    expect(await stored(payment.id)).toMatchObject({ status: 'processing', attempts: 0, cardLast4: null });
  });

  it(`limits card attempts: ${CARD_ATTEMPTS.perPayment} per payment, ${CARD_ATTEMPTS.perClient} per client`, async () => {
    const { payment, session } = await atProvider();
    const statuses: number[] = [];
    for (let i = 0; i < CARD_ATTEMPTS.perPayment + 3; i++) statuses.push((await card('4000000000000002')(session)).status);
    expect(statuses).toEqual([...Array(CARD_ATTEMPTS.perPayment).fill(402), 429, 429, 429]);
    expect((await stored(payment.id)).attempts).toBe(CARD_ATTEMPTS.perPayment);

    // One client across many payments: stopped at its own limit, whatever the sessions.
    const from = '203.0.113.77';
    const answers: number[] = [];
    for (let i = 0; answers.length < CARD_ATTEMPTS.perClient + 1; i++) {
      const { session: next } = await atProvider();
      for (let j = 0; j < 3 && answers.length < CARD_ATTEMPTS.perClient + 1; j++) answers.push((await card('4000000000000002', from)(next)).status);
    }
    expect(answers.slice(0, CARD_ATTEMPTS.perClient).every((s) => s === 402)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  }, 60_000);

  it('refuses a form posted from another site', async () => {
    const { session } = await atProvider();
    const answer = await testProviderPost(session, new Request(`http://localhost:${port}/test-provider/${session}`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' }, body: 'action=cancel',
    }));
    expect(answer.status).toBe(403);
  });

  it('a cancel on the site after a decline cancels at the provider first: its page takes no card any more', async () => {
    const { payment, session } = await atProvider();
    expect((await card('4000000000000002')(session)).status).toBe(402);
    expect(await cancelPayment(payment.id)).toMatchObject({ outcome: 'cancelled' });
    expect(await stored(payment.id)).toMatchObject({ status: 'cancelled' });
    // The provider's page has ended: a good card there now changes nothing.
    expect(await (await card('4242424242424242')(session)).text()).toContain('<h1 id="step-title">');
    expect(await stored(payment.id)).toMatchObject({ status: 'cancelled', cardLast4: '0002' });
  });

  it('a 3-D Secure step left open is closed by the site\'s cancel: confirming it afterwards pays nothing', async () => {
    const { payment, session } = await atProvider();
    await card('4000000000000002')(session);
    await card('4000000000003220')(session);
    expect(await cancelPayment(payment.id)).toMatchObject({ outcome: 'cancelled' });
    expect((await post(session, { action: 'confirm' })).status).toBe(200);
    expect(await stored(payment.id)).toMatchObject({ status: 'cancelled' });
  });
});
