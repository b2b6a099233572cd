import { requestLanguage, embeddedSource, cleanQuery } from '@/lib/content';
import { apiRoute, jsonAnswer } from '@/lib/http/respond';

type Context = { params: Promise<{ text: string }> };

/** GET /api/site/find-guide/{text}?lang= — guides whose title or text match, case- and accent-insensitive. */
export const GET = apiRoute(async (request: Request, { params }: Context) => {
  const lang = requestLanguage(request, 'en');
  return lang instanceof Response ? lang : jsonAnswer(await embeddedSource.findGuide(cleanQuery((await params).text), lang));
});
