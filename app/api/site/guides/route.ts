import { apiError, jsonAnswer, requestLanguage } from '@/lib/content/api';
import { embeddedSource } from '@/lib/content/embedded';

/** GET /api/site/guides?lang= — every guide of a language (docs/api.md). */
export async function GET(request: Request) {
  const lang = requestLanguage(request);
  if (lang instanceof Response) return lang;
  try {
    return jsonAnswer(await embeddedSource.guides(lang));
  } catch (error) {
    console.error(error);
    return apiError(500, 'content_error', 'The content could not be read');
  }
}
