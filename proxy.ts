import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { captchaSiteKey, env } from '@/lib/env';
import { clientHeader, PAGE_CACHE_MARK, STATUS_HEADER } from '@/lib/handoff.ts';
import { bodyRule } from '@/lib/http/body-rule.ts';
import { postedFromHost } from '@/lib/http/origin';
import { NONCE_REQUEST_HEADER } from '@/lib/next-adapter/request-headers.ts';
import { tooLargePage } from '@/lib/http/too-large-page.ts';
import { editionOf, fallbackLocale } from '@/lib/i18n/editions';
import { editionOfPath, pathInEdition } from '@/lib/i18n/locale';
import { loadMessages } from '@/lib/i18n/messages';
import { editionCookies, editionHeader, EDITION_HEADER } from '@/lib/i18n/edition-cookies.ts';
import { COUNTRY_COOKIE, LOCALE_COOKIE } from '@/lib/i18n/resolve';
import { routeRequest } from '@/lib/i18n/route-request';
import { routing } from '@/lib/i18n/routing';
import { isCacheableRoute, matchRoute, PAGE_METHODS as PAGE_BODIES } from '@/lib/routes';
import { contentSecurityPolicy, createNonce, CSP_REPORT_PATH, hostedPagePolicy } from '@/lib/security/csp';
import { CLOSED_CSP, withSecurityHeaders } from '@/lib/security/headers';
import { isSiteFile } from '@/lib/site/files';
import { notFoundPageMark } from '@/lib/site/missing-pages';
import { pageState } from '@/lib/site/pages';

const intl = createMiddleware(routing);
/** next-intl's request header for the locale (read by getRequestConfig's `requestLocale`). */
const INTL_LOCALE_HEADER = 'X-NEXT-INTL-LOCALE';
/** An internal path that matches no route, so Next renders app/global-not-found.tsx with status 404. */
const MISSING_PAGE = '/_missing/_missing';
/** Pages answer these (lib/routes.ts); anything else (PUT, DELETE, TRACE...) is 405. The API routes decide for themselves. */
const PAGE_METHODS = Object.keys(PAGE_BODIES);
const siteOrigin = new URL(env.NEXT_PUBLIC_SITE_URL).origin;
/** The checkout page (lib/routes.ts): the one page whose form leads to another origin. */
const CHECKOUT_ROUTE = '/checkout/[payment]';

/** Largest body a page accepts (lib/http/body-rule.ts, which server.ts applies before reading it). */
function bodyLimit(pathname: string, contentType: string): number {
  const rule = bodyRule('POST', pathname, contentType);
  return 'limit' in rule ? rule.limit : 0;
}

/** 413 with a short page in the edition's language; nothing of the body is read or stored. */
async function tooLarge(request: NextRequest): Promise<NextResponse> {
  const locale = editionOfPath(request.nextUrl.pathname)?.locale ?? fallbackLocale;
  const { Forms } = await loadMessages(editionOf(locale).language);
  const html = tooLargePage({ lang: locale, message: Forms.formErrors.tooLarge, back: Forms.tryAgain, path: request.nextUrl.pathname });
  return new NextResponse(html, { status: 413, headers: { 'content-type': 'text/html; charset=utf-8', connection: 'close' } });
}

/** Does a multipart body parse? (read from a copy: the page still gets the original) */
async function parsesAsForm(request: NextRequest): Promise<boolean> {
  try {
    await request.clone().formData();
    return true;
  } catch {
    return false;
  }
}

export default async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const https = request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';

  // The APIs and the site's files (public/, sitemap, robots, icons): no routing, a CSP that allows nothing.
  if (pathname === '/api' || pathname.startsWith('/api/') || isSiteFile(pathname)) {
    return withSecurityHeaders(NextResponse.next(), { csp: CLOSED_CSP, https });
  }
  // The test payment provider's page (app/test-provider, lib/payments/test-provider; the prefix is its
  // TEST_PROVIDER_PREFIX): no edition routing, no page cache, its own CSP (a header set here is the one
  // the answer carries; a route handler's own is dropped when server.ts set one first).
  if (pathname.startsWith('/test-provider/')) {
    const nonce = createNonce();
    request.headers.set('x-nonce', nonce);
    const response = withSecurityHeaders(NextResponse.next({ request: { headers: request.headers } }), { csp: hostedPagePolicy(nonce, siteOrigin), https });
    // Same-origin only: its form posts must carry their Origin (no-referrer would send `Origin: null`).
    response.headers.set('referrer-policy', 'same-origin');
    return response;
  }
  if (!PAGE_METHODS.includes(request.method)) {
    const refused = new NextResponse(null, { status: 405, headers: { allow: PAGE_METHODS.join(', ') } });
    return withSecurityHeaders(refused, { csp: CLOSED_CSP, https });
  }
  if (request.method === 'POST' && Number(request.headers.get('content-length') ?? 0) > bodyLimit(pathname, request.headers.get('content-type') ?? '')) {
    return withSecurityHeaders(await tooLarge(request), { csp: CLOSED_CSP, https });
  }
  // A form posted from another site, with JavaScript (a Next-Action header) or without (the action's id
  // in the body): pages take posts from their own forms only. Next refuses some of these too, with a 500.
  // The host compared is the one the request was sent to (X-Forwarded-Host from the trusted balancer, else
  // Host), as Next's own check does: request.nextUrl names server.ts's configured host, not the address
  // the payer came to, so a site reached through another address refused its own forms.
  const origin = request.headers.get('origin');
  if (request.method === 'POST' && origin !== null && !postedFromHost(origin, request.headers)) {
    return withSecurityHeaders(new NextResponse('Forbidden: cross-site form post\n', { status: 403 }), { csp: CLOSED_CSP, https });
  }

  // A form post Next cannot parse would be its 500 with a logged error: a 400 here.
  if (request.method === 'POST' && /^multipart\/form-data/i.test(request.headers.get('content-type') ?? '') && !(await parsesAsForm(request))) {
    return withSecurityHeaders(new NextResponse('Bad request: the form could not be read\n', { status: 400 }), { csp: CLOSED_CSP, https });
  }

  const nonce = createNonce();
  const route = matchRoute(pathInEdition(pathname))?.route.path;
  const csp = contentSecurityPolicy(nonce, {
    // Only the checkout's Pay form may lead to the payment provider's hosted page (issue 46).
    formTargets: route === CHECKOUT_ROUTE ? env.PAYMENT_HOSTED_ORIGINS : [],
    dev: env.NODE_ENV === 'development',
    https,
    captcha: captchaSiteKey !== null,
    analytics: Boolean(env.NEXT_PUBLIC_GTM_ID),
    // Relative: reports go to the page's own origin (Chromium sends Reporting API reports to https only).
    reportUrl: CSP_REPORT_PATH,
  });

  // Next reads the nonce from the request's CSP header and puts it on its own scripts.
  request.headers.set(NONCE_REQUEST_HEADER, csp);
  request.headers.set('x-nonce', nonce);

  const decision = routeRequest(pathname, {
    localeCookie: request.cookies.get(LOCALE_COOKIE)?.value,
    countryCookie: request.cookies.get(COUNTRY_COOKIE)?.value,
    acceptLanguage: request.headers.get('accept-language'),
  });

  if (decision.kind === 'redirect') {
    const target = new URL(decision.location + request.nextUrl.search, request.url);
    return withSecurityHeaders(NextResponse.redirect(target, decision.status), { csp: CLOSED_CSP, https });
  }
  const state = decision.kind === 'not-found' ? 'missing' : await pageState(decision.locale, pathInEdition(pathname));
  if (state === 'missing') {
    // Unknown edition or page: the server-rendered 404 page (app/global-not-found.tsx) in that edition.
    request.headers.set(INTL_LOCALE_HEADER, decision.locale);
    const url = request.nextUrl.clone();
    url.pathname = `/${decision.locale}${MISSING_PAGE}`;
    const missing = NextResponse.rewrite(url, { request: { headers: request.headers } });
    // An edition's 404 is one page per section: server.ts may keep it once for all its missing paths.
    if (request.method === 'GET' && decision.kind === 'edition') missing.headers.set(PAGE_CACHE_MARK, notFoundPageMark(editionOf(decision.locale).prefix, pathInEdition(pathname)));
    return withSecurityHeaders(missing, { csp, https });
  }
  if (state === 'unavailable') {
    // The content it needs cannot be had now: the edition's "unavailable" page, as 503 with Retry-After
    // (Next keeps a rewrite's status at 200, so server.ts applies the one named here).
    const url = request.nextUrl.clone();
    url.pathname = `/${decision.locale}/unavailable`;
    const response = NextResponse.rewrite(url, { request: { headers: request.headers } });
    response.headers.set(STATUS_HEADER, '503');
    response.headers.set('retry-after', '30');
    response.headers.set('cache-control', 'no-store');
    return withSecurityHeaders(response, { csp, https });
  }

  const response = intl(request);
  // The edition's cookies belong to each answer, not to the page: server.ts sets them from this header
  // (also on answers from its page cache). Without server.ts in front, they are set here.
  const edition = editionHeader(decision.locale, editionOf(decision.locale).country);
  if (clientHeader()) response.headers.set(EDITION_HEADER, edition);
  else {
    const visitor = { cookie: request.headers.get('cookie'), secFetchDest: request.headers.get('sec-fetch-dest'), https };
    for (const cookie of editionCookies(edition, visitor)) response.headers.append('set-cookie', cookie);
  }
  // A file of an edition (the RSS feed) is not a page: nothing in it may run.
  const isFile = route?.includes('.');
  // A registry page that shows nothing from the visitor: server.ts may keep it (lib/http/page-cache.ts).
  if (request.method === 'GET' && isCacheableRoute(route)) response.headers.set(PAGE_CACHE_MARK, '1');
  return withSecurityHeaders(response, { csp: isFile ? CLOSED_CSP : csp, https });
}

export const config = {
  // Every request but Next's own assets: pages (prefetches included) are routed here; the APIs, the
  // files and the test payment provider's page only get their security headers.
  matcher: ['/((?!_next/).*)'],
};
