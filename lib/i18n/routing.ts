import { defineRouting } from 'next-intl/routing';
import { defaultLocale, locales, prefixes } from './editions';
import { COOKIE_MAX_AGE, LOCALE_COOKIE } from './resolve';

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: { mode: 'always', prefixes },
  localeCookie: { name: LOCALE_COOKIE, maxAge: COOKIE_MAX_AGE, sameSite: 'lax' },
  // hreflang alternates are rendered in <head> by our metadata, not as a Link header.
  alternateLinks: false,
});
