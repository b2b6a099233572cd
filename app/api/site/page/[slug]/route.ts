import { requestLanguage, embeddedSource } from '@/lib/content';
import { apiRoute, jsonAnswer } from '@/lib/http/respond';

type Context = { params: Promise<{ slug: string }> };

/** GET /api/site/page/{slug}?lang= — a list with the page, or an empty list when there is none. */
export const GET = apiRoute(async (request: Request, { params }: Context) => {
  const lang = requestLanguage(request);
  return lang instanceof Response ? lang : jsonAnswer(await embeddedSource.page((await params).slug, lang));
});
