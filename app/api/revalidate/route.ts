import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { contentKinds, invalidate } from '@/lib/content';
import { env } from '@/lib/env';
import { apiError, jsonAnswer } from '@/lib/http/respond';
import { languages } from '@/lib/i18n/editions';

const body = z.object({
  kind: z.enum(contentKinds),
  /** One language, or all five when left out. */
  lang: z.enum(languages).optional(),
});

function authorized(request: Request, secret: string): boolean {
  const given = Buffer.from(request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * POST /api/revalidate with `Authorization: Bearer <REVALIDATE_SECRET>` and `{"kind": "articles",
 * "lang": "en"}`: marks that content stale, so the next page view refreshes it from the API in the
 * background (and keeps showing the last good content if the API fails). Without a configured secret
 * the route does not exist.
 */
export async function POST(request: Request) {
  if (!env.REVALIDATE_SECRET) return apiError(404, 'not_found', 'Not found');
  if (!authorized(request, env.REVALIDATE_SECRET)) return apiError(401, 'unauthorized', 'A valid secret is required');
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) {
    return apiError(422, 'invalid_body', 'Expected {"kind": one of ' + contentKinds.join(', ') + ', "lang"?: one of ' + languages.join(', ') + '}');
  }
  const { kind } = parsed.data;
  const tags = (parsed.data.lang ? [parsed.data.lang] : languages).map((lang) => invalidate(kind, lang));
  return jsonAnswer({ revalidated: tags, at: new Date().toISOString() });
}
