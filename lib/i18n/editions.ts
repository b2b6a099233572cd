/**
 * The editions table: countries, their languages, URL prefixes and BCP47 locales.
 * Everything else (routing, hreflang, the chooser, content languages) derives from this module.
 */

// phoneExample: the format example of the forms' phone hint (messages: Forms.phoneHint's {example}), a
// made-up number in the country's own mobile format; the catalogues are per language and shared by three
// countries, so the number lives here.
export const countries = [
  { code: 'lv', region: 'LV', languages: ['lv', 'en', 'ru'], timeZone: 'Europe/Riga', phoneExample: '+371 2000 0000' },
  { code: 'ee', region: 'EE', languages: ['et', 'en', 'ru'], timeZone: 'Europe/Tallinn', phoneExample: '+372 5000 0000' },
  { code: 'cy', region: 'CY', languages: ['el', 'en', 'ru'], timeZone: 'Asia/Nicosia', phoneExample: '+357 99 000000' },
] as const;

export type Country = (typeof countries)[number];
export type CountryCode = Country['code'];
export type Language = Country['languages'][number];
/** The country codes, in the table's order (a tuple, as `z.enum` takes it). */
export const countryCodes = countries.map((c) => c.code) as unknown as readonly [CountryCode, ...CountryCode[]];

export const languages = ['lv', 'en', 'ru', 'et', 'el'] as const satisfies readonly Language[];

export const locales = [
  'lv-LV', 'en-LV', 'ru-LV',
  'et-EE', 'en-EE', 'ru-EE',
  'el-CY', 'en-CY', 'ru-CY',
] as const;
export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = 'lv-LV';
/** Used where a text has no version in the visitor's language (spec: fallback lv-en). */
export const fallbackLocale: Locale = 'en-LV';
export const defaultCountry: CountryCode = 'lv';

export type Edition = {
  locale: Locale;
  /** URL prefix without slash, e.g. `lv-en` */
  prefix: string;
  country: CountryCode;
  language: Language;
};

export const editions: readonly Edition[] = locales.map((locale) => {
  const { language, region } = new Intl.Locale(locale);
  const country = countries.find((c) => c.region === region);
  if (!country) throw new Error(`No country for ${locale}`);
  return { locale, prefix: `${country.code}-${language}`, country: country.code, language: language as Language };
});

const byLocale = new Map(editions.map((e) => [e.locale, e]));
const byPrefix = new Map(editions.map((e) => [e.prefix, e]));

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && byLocale.has(value as Locale);
}

export function editionOf(locale: Locale): Edition {
  return byLocale.get(locale)!;
}

/** Exact, lowercase prefix lookup (`lv-en` → edition); anything else is `undefined`. */
export function editionByPrefix(prefix: string): Edition | undefined {
  return byPrefix.get(prefix);
}

const byEnglishName = new Map<string, CountryCode>(countries.map((c) => [new Intl.DisplayNames('en', { type: 'region' }).of(c.region)!.toLowerCase(), c.code]));

/** The edition country of an English country name ("Cyprus" → cy); null for a country without an edition. */
export function countryByName(name: string): CountryCode | null {
  return byEnglishName.get(name.trim().toLowerCase()) ?? null;
}

/** The phone number a form shows as its format example in an edition: its country's. */
export function phoneExampleOf(locale: Locale): string {
  return countryOf(editionOf(locale).country).phoneExample;
}

export function countryOf(code: string | undefined): Country {
  return countries.find((c) => c.code === code) ?? countries[0];
}

/** The content API's `lang`: the language of a locale, `lv` when the value has no dash (spec 7). */
export function contentLanguage(locale: string): Language {
  if (!locale.includes('-')) return 'lv';
  const lang = locale.split('-')[0]!.toLowerCase();
  return (languages as readonly string[]).includes(lang) ? (lang as Language) : 'lv';
}

export function localeFor(country: CountryCode, language: string): Locale | undefined {
  return editions.find((e) => e.country === country && e.language === language)?.locale;
}

/** next-intl's `localePrefix.prefixes` map: `{ 'en-LV': '/lv-en', ... }`. */
export const prefixes = Object.fromEntries(editions.map((e) => [e.locale, `/${e.prefix}`])) as Record<
  Locale,
  string
>;
