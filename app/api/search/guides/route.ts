import { apiError, jsonAnswer } from '@/lib/content/api';
import { searchGuides } from '@/lib/content';
import { guideListItems } from '@/lib/content/guide-items';
import { contentLanguage, isLocale } from '@/lib/i18n/editions';

/**
 * GET /api/search/guides?locale=en-LV&q=card — the guides page's live search (swr), through the same
 * content functions as the page, so it answers from the remote API or the embedded content alike.
 */
export async function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  const locale = params.get('locale');
  if (!isLocale(locale)) return apiError(400, 'unsupported_locale', 'locale must be one of the nine editions');
  try {
    const guides = await searchGuides(contentLanguage(locale), params.get('q'));
    return jsonAnswer(guideListItems(guides, locale));
  } catch (error) {
    console.error(error);
    return apiError(503, 'content_unavailable', 'The guides are not available right now');
  }
}
