import { defineRouting } from 'next-intl/routing';
import { defaultLocale, locales, prefixes } from './editions';

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: { mode: 'always', prefixes },
  // The edition cookies are ours (lib/i18n/edition-cookies.ts): set per answer by server.ts, so a page
  // kept by the page cache never holds one. next-intl neither reads nor writes them.
  localeCookie: false,
  // hreflang alternates are rendered in <head> by our metadata, not as a Link header.
  alternateLinks: false,
});
