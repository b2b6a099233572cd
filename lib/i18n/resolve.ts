import {
  countryCodes,
  countryOf,
  defaultCountry,
  defaultLocale,
  editions,
  isLocale,
  localeFor,
  type CountryCode,
  type Edition,
  type Locale,
} from './editions';

/** Cookie names and their life (lib/i18n/edition-cookies.ts), so the proxy, the chooser and the cookie policy agree. */
export { COOKIE_MAX_AGE, COUNTRY_COOKIE, LOCALE_COOKIE } from './edition-cookies.ts';

type Preference = { tag: string; q: number };

export function parseAcceptLanguage(header: string | null | undefined): Preference[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((p) => p.tag && p.tag !== '*' && p.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag, q }) => ({ tag, q }));
}

/** Best edition for one language tag: exact locale, else the language in the preferred country. */
function matchTag(tag: string, country: CountryCode | undefined): Locale | undefined {
  const exact = editions.find((e) => e.locale.toLowerCase() === tag.toLowerCase());
  if (exact) return exact.locale;
  let parsed: Intl.Locale;
  try {
    parsed = new Intl.Locale(tag);
  } catch {
    return undefined;
  }
  const regionCountry = editions.find((e) => e.locale.endsWith(`-${parsed.region ?? '??'}`))?.country;
  for (const c of [regionCountry, country, defaultCountry, ...countryCodes]) {
    const hit = c && localeFor(c, parsed.language);
    if (hit) return hit;
  }
  return undefined;
}

export type Signals = {
  localeCookie?: string | undefined;
  countryCookie?: string | undefined;
  acceptLanguage?: string | null | undefined;
};

/** The visitor's edition: a valid locale cookie, else the best Accept-Language match, else lv-lv. */
export function resolveLocale({ localeCookie, countryCookie, acceptLanguage }: Signals): Locale {
  if (isLocale(localeCookie)) return localeCookie;
  const country = countryCookie ? countryOf(countryCookie).code : undefined;
  for (const { tag } of parseAcceptLanguage(acceptLanguage)) {
    const hit = matchTag(tag, country);
    if (hit) return hit;
  }
  return defaultLocale;
}

/** `/lv/...` and `/en/...`: a bare country or language as the first segment. */
export function editionForBareSegment(segment: string, visitor: Locale): Edition | undefined {
  const s = segment.toLowerCase();
  const visitorEdition = editions.find((e) => e.locale === visitor)!;
  const asCountry = editions.filter((e) => e.country === s);
  if (asCountry.length) {
    return asCountry.find((e) => e.language === visitorEdition.language) ?? asCountry[0];
  }
  const asLanguage = editions.filter((e) => e.language === s);
  if (asLanguage.length) {
    return asLanguage.find((e) => e.country === visitorEdition.country) ?? asLanguage[0];
  }
  return undefined;
}
