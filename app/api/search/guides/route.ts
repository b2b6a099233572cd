import { searchGuides, guideListItems } from '@/lib/content';
import { apiError, apiRoute, jsonAnswer } from '@/lib/http/respond';
import { contentLanguage, isLocale } from '@/lib/i18n/editions';

/**
 * GET /api/search/guides?locale=en-LV&q=card — the guides page's live search (swr), through the same
 * content functions as the page, so it answers from the remote API or the embedded content alike.
 */
export const GET = apiRoute(async (request: Request) => {
  const params = new URL(request.url).searchParams;
  const locale = params.get('locale');
  if (!isLocale(locale)) return apiError(400, 'unsupported_locale', 'locale must be one of the nine editions');
  return jsonAnswer(guideListItems(await searchGuides(contentLanguage(locale), params.get('q')), locale));
});
