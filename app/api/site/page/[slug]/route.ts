import { apiError, jsonAnswer, requestLanguage } from '@/lib/content/api';
import { embeddedSource } from '@/lib/content/embedded';

type Context = { params: Promise<{ slug: string }> };

/** GET /api/site/page/{slug}?lang= — a list with the page, or an empty list when there is none. */
export async function GET(request: Request, { params }: Context) {
  const lang = requestLanguage(request);
  if (lang instanceof Response) return lang;
  try {
    return jsonAnswer(await embeddedSource.page((await params).slug, lang));
  } catch (error) {
    console.error(error);
    return apiError(500, 'content_error', 'The content could not be read');
  }
}
