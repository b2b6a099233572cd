import { keepSharingImage, SHARING_IMAGE_HEADERS } from '@/lib/handoff.ts';
import { apiError } from '@/lib/http/respond';
import { ogImage } from '@/lib/seo/og-image';

/**
 * GET /api/og?locale=el-CY&path=/blog/x — the 1200×630 sharing image of a page (OpenGraph and Twitter),
 * with the title of that page of that edition. Anything else (no such page, no locale) is the site's
 * default image: no text from the request is ever drawn. Cached by browsers and crawlers for a day, and
 * here by what it shows (and by server.ts, by its query: served there before any count); a client that
 * has more than 20 new images drawn a minute gets 429.
 */
export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const answer = await ogImage(params.get('locale'), params.get('path') ?? '', request.headers);
  if (answer.status === 429) {
    return apiError(429, 'rate_limited', 'Too many new images from this client: try again later', {}, { 'Retry-After': String(answer.retryAfterSeconds) });
  }
  // Kept for server.ts, which answers the same query itself next time (lib/handoff.ts).
  keepSharingImage(params.get('locale'), params.get('path'), answer.png);
  return new Response(answer.png as BodyInit, { headers: SHARING_IMAGE_HEADERS });
}
