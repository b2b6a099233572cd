import { CONSENT_COOKIE, CONSENT_MAX_AGE } from '@/lib/consent';
import { HttpError } from '@/lib/http/errors';
import { assertSameOrigin } from '@/lib/http/origin';
import { apiRoute } from '@/lib/http/respond';
import { isEditionPath } from '@/lib/i18n/locale';

const isPageOfSite = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && isEditionPath(path);

/** The path of a same-origin Referer: the page whose banner was used. */
function refererPath(request: Request): string {
  try {
    const referer = new URL(request.headers.get('referer') ?? '');
    return referer.origin === new URL(request.url).origin ? referer.pathname + referer.search : '';
  } catch {
    return '';
  }
}

/**
 * POST /api/consent: the cookie banner's buttons without JavaScript. Stores the choice in GDPR_ACCEPT
 * (as the banner's script does) and sends the visitor back to the page they were on; only a page of
 * the site, so the route is no open redirect. With JavaScript the banner sets the cookie itself.
 */
export const POST = apiRoute(async (request: Request) => {
  assertSameOrigin(request, 'The choice');
  const data = await request.formData().catch(() => {
    throw new HttpError(400, 'bad_request', 'Expected the cookie banner\'s form');
  });
  const choice = data.get('choice');
  if (choice !== 'accepted' && choice !== 'rejected') throw new HttpError(400, 'bad_choice', 'choice must be accepted or rejected');
  const target = [String(data.get('back') ?? ''), refererPath(request)].find(isPageOfSite) ?? '/';
  const https = new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  const cookie = `${CONSENT_COOKIE}=${choice === 'accepted'}; Max-Age=${CONSENT_MAX_AGE}; Path=/; SameSite=Lax${https ? '; Secure' : ''}`;
  return new Response(null, { status: 303, headers: { Location: target, 'Set-Cookie': cookie, 'Cache-Control': 'no-store' } });
});
