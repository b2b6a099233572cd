import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { captchaSiteKey, env } from '@/lib/env';
import { CV_MAX_BYTES } from '@/lib/forms/cv';
import { tooLargePage } from '@/lib/http/too-large-page.mjs';
import { editionOf, fallbackLocale } from '@/lib/i18n/editions';
import { editionOfPath, pathInEdition } from '@/lib/i18n/locale';
import { loadMessages } from '@/lib/i18n/messages';
import { COOKIE_MAX_AGE, COUNTRY_COOKIE, LOCALE_COOKIE } from '@/lib/i18n/resolve';
import { routeRequest } from '@/lib/i18n/route-request';
import { routing } from '@/lib/i18n/routing';
import { matchRoute } from '@/lib/routes';
import { contentSecurityPolicy, createNonce } from '@/lib/security/csp';
import { pathExists } from '@/lib/site/pages';

const intl = createMiddleware(routing);
/** next-intl's request header for the locale (read by getRequestConfig's `requestLocale`). */
const INTL_LOCALE_HEADER = 'X-NEXT-INTL-LOCALE';
/** An internal path that matches no route, so Next renders app/global-not-found.tsx with status 404. */
const MISSING_PAGE = '/_missing/_missing';

/** Largest body a page accepts: forms post to their page; only job applications carry a file. */
function bodyLimit(pathname: string): number {
  return matchRoute(pathInEdition(pathname))?.route.path === '/careers/[slug]' ? CV_MAX_BYTES + 512 * 1024 : 64 * 1024;
}

/** 413 with a short page in the edition's language; nothing of the body is read or stored. */
async function tooLarge(request: NextRequest): Promise<NextResponse> {
  const locale = editionOfPath(request.nextUrl.pathname)?.locale ?? fallbackLocale;
  const { Forms } = await loadMessages(editionOf(locale).language);
  const html = tooLargePage({ lang: locale, message: Forms.formErrors.tooLarge, back: Forms.tryAgain, path: request.nextUrl.pathname });
  return new NextResponse(html, { status: 413, headers: { 'content-type': 'text/html; charset=utf-8', connection: 'close' } });
}

export default async function proxy(request: NextRequest) {
  if (request.method === 'POST' && Number(request.headers.get('content-length') ?? 0) > bodyLimit(request.nextUrl.pathname)) {
    return withSecurityHeaders(await tooLarge(request), contentSecurityPolicy(createNonce()), false);
  }

  const nonce = createNonce();
  const https = request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  const csp = contentSecurityPolicy(nonce, {
    dev: env.NODE_ENV === 'development',
    https,
    captcha: captchaSiteKey !== null,
    analytics: Boolean(env.NEXT_PUBLIC_GTM_ID),
  });

  // Next reads the nonce from the request's CSP header and puts it on its own scripts.
  request.headers.set('content-security-policy', csp);
  request.headers.set('x-nonce', nonce);

  const decision = routeRequest(request.nextUrl.pathname, {
    localeCookie: request.cookies.get(LOCALE_COOKIE)?.value,
    countryCookie: request.cookies.get(COUNTRY_COOKIE)?.value,
    acceptLanguage: request.headers.get('accept-language'),
  });

  let response: NextResponse;
  if (decision.kind === 'redirect') {
    const target = new URL(decision.location + request.nextUrl.search, request.url);
    response = NextResponse.redirect(target, decision.status);
  } else if (decision.kind === 'not-found' || !(await pathExists(decision.locale, pathInEdition(request.nextUrl.pathname)))) {
    // Unknown edition or page: the server-rendered 404 page (app/global-not-found.tsx) in that edition.
    request.headers.set(INTL_LOCALE_HEADER, decision.locale);
    const url = request.nextUrl.clone();
    url.pathname = `/${decision.locale}${MISSING_PAGE}`;
    response = NextResponse.rewrite(url, { request: { headers: request.headers } });
  } else {
    response = intl(request);
    const country = editionOf(decision.locale).country;
    const isDocument = (request.headers.get('sec-fetch-dest') ?? 'document') === 'document';
    if (isDocument && request.cookies.get(COUNTRY_COOKIE)?.value !== country) {
      response.cookies.set(COUNTRY_COOKIE, country, { path: '/', maxAge: COOKIE_MAX_AGE, sameSite: 'lax', secure: https });
    }
    const localeCookie = response.cookies.get(LOCALE_COOKIE);
    if (localeCookie && https) response.cookies.set({ ...localeCookie, secure: true });
  }

  return withSecurityHeaders(response, csp, https);
}

function withSecurityHeaders(response: NextResponse, csp: string, https: boolean): NextResponse {
  response.headers.set('content-security-policy', csp);
  response.headers.set('x-content-type-options', 'nosniff');
  response.headers.set('referrer-policy', 'strict-origin-when-cross-origin');
  response.headers.set('x-frame-options', 'DENY');
  response.headers.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()');
  if (https) response.headers.set('strict-transport-security', 'max-age=63072000; includeSubDomains');
  return response;
}

export const config = {
  // Every page, prefetches included; not the API, Next's assets or files with an extension.
  matcher: ['/((?!api|_next|_vercel|.*\\..*).*)'],
};
