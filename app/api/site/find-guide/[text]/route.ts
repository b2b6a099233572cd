import { apiError, jsonAnswer, requestLanguage } from '@/lib/content/api';
import { embeddedSource } from '@/lib/content/embedded';
import { cleanQuery } from '@/lib/content/search';

type Context = { params: Promise<{ text: string }> };

/** GET /api/site/find-guide/{text}?lang= — guides whose title or text match, case- and accent-insensitive. */
export async function GET(request: Request, { params }: Context) {
  const lang = requestLanguage(request, 'en');
  if (lang instanceof Response) return lang;
  const text = cleanQuery((await params).text);
  try {
    return jsonAnswer(await embeddedSource.findGuide(text, lang));
  } catch (error) {
    console.error(error);
    return apiError(500, 'content_error', 'The content could not be read');
  }
}
