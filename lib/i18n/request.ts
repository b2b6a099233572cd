import { hasLocale } from 'next-intl';
import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { contentLanguage, countryOf, editionOf } from './editions';
import { COUNTRY_COOKIE, LOCALE_COOKIE, resolveLocale } from './resolve';
import { routing } from './routing';
import { loadMessages } from './messages';

export type { Messages } from './messages';
export { loadMessages };

/** Outside an edition's routes (the global 404 of a URL the proxy never saw): the visitor's edition. */
async function visitorLocale() {
  const jar = await cookies();
  return resolveLocale({
    localeCookie: jar.get(LOCALE_COOKIE)?.value,
    countryCookie: jar.get(COUNTRY_COOKIE)?.value,
    acceptLanguage: (await headers()).get('accept-language'),
  });
}

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : await visitorLocale();
  const edition = editionOf(locale);
  return {
    locale,
    messages: await loadMessages(contentLanguage(locale)),
    timeZone: countryOf(edition.country).timeZone,
  };
});
