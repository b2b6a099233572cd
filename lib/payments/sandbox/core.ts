/** The sandbox payment provider: the payment API of docs/api.md and its hosted page, as one handler over its own storage. */
import { randomBytes, randomUUID } from 'node:crypto';
import { checkCard, type Brand } from '../card';
import { createRequestSchema, NOTIFICATION_TYPE, type ProviderStatus } from '../contract';
import { SIGNATURE_HEADER, signBody } from '../billme-signature';
import { formatEuros } from '../price';
import { postedFromHost } from '@/lib/http/origin';
import { hostedPagePolicy } from '@/lib/security/csp';
import { PROVIDER_CONTRACT_MAX } from '@/lib/limits.ts';
import { testOutcome } from './cards';
import { renderMissing, renderPage, type CardField, type PageView, type T } from './page';
import { providerStatusOf, SESSION_ID, type SandboxStore, type Session } from './store';

/**
 * What a hosted page of a real provider does, with test cards only (cards.ts): it takes the card,
 * decides by the number, signs its verdict to the site's notification address and sends the payer back
 * to the return URL. It knows the site only through the contract: it never reads the site's database.
 * The embedded default mounts it in the site (lib/payments/test-provider); `scripts/payment-sandbox.ts`
 * serves it on its own origin (its API on one address, its page on another), as the browser tests run it.
 */
export type SandboxOptions = {
  store: SandboxStore;
  /** The key its notifications are signed with (the site's PAYMENT_WEBHOOK_SECRET). */
  secret: () => string;
  /** The address of a session's hosted page (absolute, or a path on the site for the embedded default). */
  pageUrl: (id: string) => string;
  /** Where notifications go when a payment names no notify_url. */
  notifyUrl: string | null;
  /** Sends one signed notification (over HTTP, or in-process for the embedded default); throws when refused. */
  deliver: (url: string, body: string, headers: Record<string, string>) => Promise<void>;
  /** The hosted page's texts in a locale (messages/*.json, namespace TestProvider) and the locale used. */
  translator: (locale: string) => Promise<{ t: T; locale: string }>;
  /** Takes one card attempt of a client or a session; false: over its limit. */
  attempt: (kind: 'client' | 'session', key: string) => Promise<boolean>;
  /** The payer's address, for the per-client limit. */
  clientOf: (request: Request) => string;
  /** Required as `Authorization: Bearer <key>` on the API when set. */
  apiKey?: string | null;
  /** Origins besides the page's own that may post its forms (the embedded default: the site's). */
  formOrigins?: readonly string[];
  log?: (level: 'info' | 'warn', event: string, fields: Record<string, unknown>) => void;
};

export type Sandbox = {
  /** The payment API: `path` below its base (`/payments`, `/payments/<id>`, `/payments/<id>/cancel`). */
  api(request: Request, path: string): Promise<Response>;
  /** The hosted page of a session (GET shows it, POST takes its forms). */
  page(id: string, request: Request): Promise<Response>;
};

const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
const seeOther = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
const text = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
};
const originOf = (url: string) => URL.parse(url)?.origin ?? null;

export function createSandbox(options: SandboxOptions): Sandbox {
  const log = options.log ?? (() => undefined);

  /** The signed verdict, retried a few times like a real provider's (the return and reconciliation settle it otherwise). */
  async function notify(session: Session, status: ProviderStatus, card: { brand: Brand; last4: string } | null, declineCode?: 'declined' | 'expired') {
    const url = session.notifyUrl || options.notifyUrl;
    if (!url) return;
    const body = JSON.stringify({
      id: `evt_test_${randomUUID()}`, type: NOTIFICATION_TYPE, payment_id: session.paymentId, provider_ref: session.id, status,
      amount: session.amountCents, currency: session.currency, company: session.company, created: Math.floor(Date.now() / 1000),
      ...(card ? { card } : {}), ...(declineCode ? { decline_code: declineCode } : {}),
    });
    const send = () => options.deliver(url, body, { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(body, options.secret()) });
    const delivered = await send().then(() => true, () => false);
    if (delivered) return;
    log('warn', 'sandbox.notify_failed', { session: session.id, status });
    // Retried in the background, as a real provider's: the payer does not wait for it.
    void (async () => {
      for (const delay of [1_000, 5_000, 30_000]) {
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
        if (await send().then(() => true, () => false)) return;
      }
    })();
  }

  async function api(request: Request, path: string): Promise<Response> {
    if (options.apiKey && request.headers.get('authorization') !== `Bearer ${options.apiKey}`) return json(401, { error: 'unauthorized' });
    const match = /^\/payments(?:\/([^/]+)(\/cancel)?)?$/.exec(path);
    if (!match) return json(404, { error: 'not_found' });
    const [, id, cancel] = match;
    if (!id && request.method === 'POST') {
      const key = request.headers.get('idempotency-key');
      const parsed = createRequestSchema.safeParse(await request.json().catch(() => null));
      if (!key || !parsed.success) return json(400, { error: 'invalid_request' });
      const input = parsed.data;
      const session = await options.store.open({
        paymentId: input.metadata.payment_id, amountCents: input.amount, currency: input.currency, company: input.metadata.company,
        companyLabel: input.metadata.company_label ?? input.metadata.company, description: input.description, returnUrl: input.return_url,
        notifyUrl: input.notify_url ?? '', locale: input.locale ?? 'en',
      });
      log('info', 'sandbox.created', { session: session.id });
      return json(200, { id: session.id, redirect_url: options.pageUrl(session.id) });
    }
    const session = id && SESSION_ID.test(id) ? await options.store.get(id) : null;
    if (!session) return json(404, { error: 'no_such_payment' });
    const card = session.cardBrand && session.cardLast4 ? { card: { brand: session.cardBrand, last4: session.cardLast4 } } : {};
    if (!cancel && request.method === 'GET') return json(200, { id: session.id, status: providerStatusOf(session), ...card });
    if (cancel && request.method === 'POST') {
      // Whatever was open at its page ends here: a later card or 3-D Secure confirmation is refused.
      await options.store.move(session.id, ['open', 'authenticating', 'declined', 'fail'], 'cancelled');
      const now = (await options.store.get(session.id))!;
      log('info', 'sandbox.cancel', { session: session.id, status: now.status });
      return json(200, { id: now.id, status: providerStatusOf(now), ...card });
    }
    return json(405, { error: 'method_not_allowed' });
  }

  async function page(id: string, request: Request): Promise<Response> {
    const nonce = request.headers.get('x-nonce') ?? randomBytes(16).toString('base64');
    const session = SESSION_ID.test(id) ? await options.store.get(id) : null;
    const html = (body: string, status: number) =>
      new Response(body, {
        status,
        headers: {
          'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow',
          // Its own CSP: its nonce'd style and script; its forms post to itself and go on to the return address.
          'content-security-policy': hostedPagePolicy(nonce, (session && originOf(session.returnUrl)) ?? "'none'"),
          // Same-origin: its form posts carry their Origin (no-referrer would send `Origin: null`).
          'referrer-policy': 'same-origin', 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff',
        },
      });
    if (!session) {
      const { t, locale } = await options.translator('');
      return html(renderMissing(t, locale, nonce), 404);
    }
    const { t, locale } = await options.translator(session.locale);
    const show = (view: PageView, status = 200, current = session) =>
      html(renderPage({ lang: locale, nonce, t, amount: formatEuros(current.amountCents, locale), company: current.companyLabel, description: current.description, returnUrl: current.returnUrl, view }), status);
    const current = () => {
      if (session.status === 'authenticating') return show({ step: 'threeDSecure', brand: session.cardBrand, last4: session.cardLast4 });
      if (session.status === 'open' || session.status === 'declined') return show({ step: 'card' });
      return show({ step: 'ended' });
    };
    if (request.method !== 'POST') return current();

    // Its forms post to itself (the host they were sent to: mounted in the site, request.url names the
    // site's configured host, not the address the payer came through); another site's form may not.
    const origin = request.headers.get('origin');
    const own = origin === new URL(request.url).origin || (origin !== null && postedFromHost(origin, request.headers));
    if (origin !== null && !own && !(options.formOrigins ?? []).includes(origin)) {
      return new Response('Forbidden: cross-site form post\n', { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    }
    const data = await request.formData().catch(() => null);
    if (!data) return new Response('Bad request\n', { status: 400 });
    const action = text(data, 'action');
    const card = session.cardBrand && session.cardLast4 ? { brand: session.cardBrand, last4: session.cardLast4 } : null;
    const move = options.store.move;

    if (action === 'cancel') {
      if (await move(session.id, ['open', 'declined', 'authenticating'], 'cancelled')) await notify(session, 'cancelled', null);
      return seeOther(session.returnUrl);
    }
    if (action === 'confirm') {
      if (!(await move(session.id, ['authenticating'], 'paid'))) return current();
      await notify(session, 'paid', card);
      return seeOther(session.returnUrl);
    }
    if (action === 'fail') {
      if (!(await move(session.id, ['authenticating'], 'declined'))) return current();
      await notify(session, 'declined', card, 'declined');
      return show({ step: 'card', alert: 'authFailed' });
    }
    if (action !== 'pay' || (session.status !== 'open' && session.status !== 'declined')) return current();

    // Card attempts are limited per client and per session before anything is checked: the page is no
    // oracle for trying card numbers. Nothing of the card is in the limit's key or in any log line.
    const name = text(data, 'name').slice(0, PROVIDER_CONTRACT_MAX.cardholderName);
    if (!(await options.attempt('client', options.clientOf(request))) || !(await options.attempt('session', session.id))) {
      return show({ step: 'card', alert: 'tooMany', name }, 429);
    }
    const checked = checkCard({ name, number: text(data, 'number'), expiry: text(data, 'expiry'), cvc: text(data, 'cvc') });
    if ('errors' in checked) {
      const errors: Partial<Record<CardField, string>> = {};
      for (const [field, code] of Object.entries(checked.errors)) errors[field as CardField] = code!;
      return show({ step: 'card', alert: 'invalid', errors, name }, 422);
    }
    const outcome = testOutcome(checked.card.digits);
    if (!outcome) return show({ step: 'card', alert: 'invalid', errors: { number: 'notTestCard' }, name }, 422);
    const used = { brand: checked.card.brand, last4: checked.card.last4 };

    switch (outcome) {
      case 'success':
        if (await move(session.id, ['open', 'declined'], 'paid', used)) await notify(session, 'paid', used);
        return seeOther(session.returnUrl);
      case 'declined':
      case 'expired':
        if (await move(session.id, ['open', 'declined'], 'declined', used)) await notify(session, 'declined', used, outcome);
        return show({ step: 'card', alert: outcome, name }, 402);
      case 'processingError':
        if (await move(session.id, ['open', 'declined'], 'fail', used)) await notify(session, 'fail', used);
        return seeOther(session.returnUrl);
      case 'threeDSecure':
        await move(session.id, ['open', 'declined'], 'authenticating', used);
        return seeOther(new URL(request.url).pathname);
      case 'payerCloses':
        // Paid here, but the payer closes this page and the notification is lost: the site learns it
        // only by asking (the payer's return, a reopened checkout, or reconciliation).
        await move(session.id, ['open', 'declined'], 'paid', used);
        return show({ step: 'closes' }, 200, { ...session, status: 'paid' });
    }
  }

  return { api, page };
}
