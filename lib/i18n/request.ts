import { hasLocale } from 'next-intl';
import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { contentLanguage, countryOf, editionOf, type Language } from './editions';
import { COUNTRY_COOKIE, LOCALE_COOKIE, resolveLocale } from './resolve';
import { routing } from './routing';
import type en from '@/messages/en.json';

export type Messages = typeof en;

const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
  lv: () => import('@/messages/lv.json'),
  en: () => import('@/messages/en.json'),
  ru: () => import('@/messages/ru.json'),
  et: () => import('@/messages/et.json'),
  el: () => import('@/messages/el.json'),
};

export function loadMessages(language: Language): Promise<Messages> {
  return loaders[language]().then((m) => m.default);
}

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
