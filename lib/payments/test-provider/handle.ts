import { randomBytes, randomUUID } from 'node:crypto';
import { createTranslator } from 'next-intl';
import { env } from '@/lib/env';
import { contentLanguage, defaultLocale, isLocale, type Locale } from '@/lib/i18n/editions';
import { loadMessages } from '@/lib/i18n/messages';
import { CARD_ATTEMPTS, FIELD_LIMITS } from '@/lib/limits.ts';
import { logger } from '@/lib/observability';
import { clientAddress, clientKey, takeRateLimit } from '@/lib/submissions';
import { checkCard, type Brand } from '../card';
import type { ProviderStatus } from '../machine';
import { NOTIFICATION_TYPE, receiveNotification, SIGNATURE_HEADER, signNotification } from '../notifications';
import { formatEuros } from '../price';
import { webhookSecret } from '../webhook-secret';
import { testOutcome } from './cards';
import { renderMissing, renderPage, type CardField, type PageView, type T } from './page';
import { getSession, moveSession, type Session } from './sessions';

/**
 * The test provider's payment page (GET and POST /test-provider/<session>): what a hosted page of a
 * real provider does. It takes the card, decides by the test card's number, signs its verdict to the
 * site's /api/payments/notify (the production scheme) and sends the payer back to the return URL.
 * Its own headers: a CSP for its nonce'd style and script, no framing, no caching, no referrer.
 */

const localeOf = (value: string): Locale => (isLocale(value) ? value : defaultLocale);

async function translator(locale: Locale): Promise<T> {
  const messages = await loadMessages(contentLanguage(locale));
  const t = createTranslator({ locale, messages, namespace: 'TestProvider' });
  return (key, values) => (t as (k: string, v?: Record<string, string | number>) => string)(key, values);
}

/** The page's own CSP (lib/security/csp.ts hostedPagePolicy, with this nonce) is set by proxy.ts. */
function html(body: string, status: number): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' } });
}

const seeOther = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

/**
 * The provider's signed verdict to the site, over HTTP to NEXT_PUBLIC_SITE_URL like a real provider's.
 * If the site's own address cannot be reached from here (a TLS front with a private certificate), the
 * same body and signature go to the same handler in-process.
 */
async function notify(session: Session, status: ProviderStatus, card: { brand: Brand; last4: string } | null, declineCode?: 'declined' | 'expired') {
  const body = JSON.stringify({
    id: `evt_test_${randomUUID()}`,
    type: NOTIFICATION_TYPE,
    payment_id: session.paymentId,
    provider_ref: session.id,
    status,
    amount: session.amountCents,
    currency: session.currency,
    company: session.company,
    created: Math.floor(Date.now() / 1000),
    ...(card ? { card } : {}),
    ...(declineCode ? { decline_code: declineCode } : {}),
  });
  const signature = signNotification(body, webhookSecret());
  try {
    const response = await fetch(new URL('/api/payments/notify', env.NEXT_PUBLIC_SITE_URL), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      body,
      signal: AbortSignal.timeout(5_000),
      cache: 'no-store',
    });
    await response.arrayBuffer();
    if (response.ok) return;
    logger('payments').warn({ event: 'test_provider.notify_refused', status: response.status }, 'the site refused the test provider\'s notification');
  } catch {
    // Not reachable over HTTP from here: hand the same signed body to the same code.
  }
  const answer = await receiveNotification(body, signature);
  if (answer.status !== 200) throw new Error(`the test provider's notification was refused: ${answer.outcome}`);
}

type Context = { session: Session; t: T; nonce: string; locale: Locale };

function page({ session, t, nonce, locale }: Context, view: PageView, status = 200): Response {
  const body = renderPage({
    lang: locale,
    nonce,
    t,
    amount: formatEuros(session.amountCents, locale),
    company: session.companyLabel,
    description: session.description,
    returnUrl: session.returnUrl,
    view,
  });
  return html(body, status);
}

/** The nonce proxy.ts put in its CSP for this answer (one of our own outside it: tests call the handler directly). */
const nonceOf = (request: Request | null) => request?.headers.get('x-nonce') ?? randomBytes(16).toString('base64');

async function load(id: string, request: Request | null): Promise<Context | Response> {
  const nonce = nonceOf(request);
  const session = await getSession(id);
  if (!session) return html(renderMissing(await translator(defaultLocale), defaultLocale, nonce), 404);
  const locale = localeOf(session.locale);
  return { session, t: await translator(locale), nonce, locale };
}

export async function testProviderGet(id: string, request: Request | null = null): Promise<Response> {
  const context = await load(id, request);
  if (context instanceof Response) return context;
  const { status } = context.session;
  if (status === 'authenticating') return page(context, { step: 'threeDSecure', brand: context.session.cardBrand, last4: context.session.cardLast4 });
  if (status === 'open' || status === 'declined') return page(context, { step: 'card' });
  return page(context, { step: 'ended' });
}

const text = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
};

const cardErrorKeys: Record<string, string> = {
  cardNumber: 'cardNumber', unsupportedBrand: 'unsupportedBrand', expiry: 'expiry', expired: 'expired', cvc: 'cvc', cardName: 'cardName',
};

export async function testProviderPost(id: string, request: Request): Promise<Response> {
  // The page's forms post to itself; another site's form may not (the proxy does not guard this path).
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== new URL(request.url).origin && origin !== new URL(env.NEXT_PUBLIC_SITE_URL).origin) {
    return new Response('Forbidden: cross-site form post\n', { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const context = await load(id, request);
  if (context instanceof Response) return context;
  const data = await request.formData().catch(() => null);
  if (!data) return new Response('Bad request\n', { status: 400 });
  const { session } = context;
  const action = text(data, 'action');
  const card = session.cardBrand && session.cardLast4 ? { brand: session.cardBrand, last4: session.cardLast4 } : null;

  if (action === 'cancel') {
    if (await moveSession(session.id, ['open', 'declined', 'authenticating'], 'cancelled')) await notify(session, 'cancelled', null);
    return seeOther(session.returnUrl);
  }
  if (action === 'confirm') {
    if (!(await moveSession(session.id, ['authenticating'], 'paid'))) return testProviderGet(id, request);
    await notify(session, 'paid', card);
    return seeOther(session.returnUrl);
  }
  if (action === 'fail') {
    if (!(await moveSession(session.id, ['authenticating'], 'declined'))) return testProviderGet(id, request);
    await notify(session, 'declined', card, 'declined');
    return page(context, { step: 'card', alert: 'authFailed' });
  }
  if (action !== 'pay' || (session.status !== 'open' && session.status !== 'declined')) return testProviderGet(id, request);

  // Card attempts are limited per client and per session before anything is checked: the page is no
  // oracle for trying card numbers. Nothing of the card is in the limit's key or in any log line.
  const name = text(data, 'name').slice(0, FIELD_LIMITS.name);
  const window = { windowSeconds: CARD_ATTEMPTS.windowSeconds };
  const client = await takeRateLimit('card-client', clientKey(clientAddress(request.headers)), { limit: env.CARD_RATE_LIMIT, ...window });
  const perSession = client.ok && (await takeRateLimit('card-session', session.id, { limit: CARD_ATTEMPTS.perPayment, ...window }));
  if (!client.ok || !perSession || !perSession.ok) return page(context, { step: 'card', alert: 'tooMany', name }, 429);

  const checked = checkCard({ name, number: text(data, 'number'), expiry: text(data, 'expiry'), cvc: text(data, 'cvc') });
  if ('errors' in checked) {
    const errors: Partial<Record<CardField, string>> = {};
    for (const [field, code] of Object.entries(checked.errors)) errors[field as CardField] = cardErrorKeys[code!]!;
    return page(context, { step: 'card', alert: 'invalid', errors, name }, 422);
  }
  const outcome = testOutcome(checked.card.digits);
  if (!outcome) return page(context, { step: 'card', alert: 'invalid', errors: { number: 'notTestCard' }, name }, 422);
  const used = { brand: checked.card.brand, last4: checked.card.last4 };

  switch (outcome) {
    case 'success':
      if (await moveSession(session.id, ['open', 'declined'], 'paid', used)) await notify(session, 'paid', used);
      return seeOther(session.returnUrl);
    case 'declined':
    case 'expired':
      await moveSession(session.id, ['open', 'declined'], 'declined', used);
      await notify(session, 'declined', used, outcome);
      return page(context, { step: 'card', alert: outcome, name }, 402);
    case 'processingError':
      if (await moveSession(session.id, ['open', 'declined'], 'fail', used)) await notify(session, 'fail', used);
      return seeOther(session.returnUrl);
    case 'threeDSecure':
      await moveSession(session.id, ['open', 'declined'], 'authenticating', used);
      return seeOther(new URL(request.url).pathname);
    case 'payerCloses':
      // Paid at the provider, but the payer closes this page and the notification is lost: the site
      // learns it only by asking (the payer's return, or reconciliation).
      await moveSession(session.id, ['open', 'declined'], 'paid', used);
      return page({ ...context, session: { ...session, status: 'paid' } }, { step: 'closes' });
  }
}
