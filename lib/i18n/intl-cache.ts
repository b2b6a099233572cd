/**
 * Intl formatters, made once per locale and options and then reused. Making one resolves the locale's
 * data and costs far more than formatting with it: a company page's payment form formats dozens of
 * prices on every render, in the browser and on the server. Formatters hold no state, so sharing them
 * is safe everywhere.
 */
function cached<O, T>(make: (locale: string, options?: O) => T): (locale: string, options?: O) => T {
  const made = new Map<string, T>();
  return (locale, options) => {
    const key = options ? `${locale} ${JSON.stringify(options)}` : locale;
    let formatter = made.get(key);
    if (!formatter) made.set(key, (formatter = make(locale, options)));
    return formatter;
  };
}

/**
 * English in one style in every English edition, whatever the runtime's CLDR knows:
 * - figures as the English texts write them (100,000 and 1.65 MB): Intl gives en-LV and en-EE their
 *   region's separators (100 000, 1,65) but en-CY the English ones;
 * - dates as `5 March 2026`: CLDR 48 (Node 24) has en-LV and en-EE, but CLDR 47 (Node 22, older browsers)
 *   falls back to plain `en` and writes `March 5, 2026`, so server and browser could disagree.
 */
const english = (locale: string) => (locale.startsWith('en-') ? 'en-GB' : locale);

export const numberFormat = cached((locale, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(english(locale), options));
/** Numbers inside messages (`#`, `{n, number}`), formatted as next-intl formats them on the server. */
export const messageNumberFormat = cached((locale, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options));
export const dateTimeFormat = cached((locale, options?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(english(locale), options));
export const pluralRules = cached((locale, options?: Intl.PluralRulesOptions) => new Intl.PluralRules(locale, options));
export const displayNames = cached((locale, options?: Intl.DisplayNamesOptions) => new Intl.DisplayNames(locale, options ?? { type: 'language' }));
export const collator = cached((locale, options?: Intl.CollatorOptions) => new Intl.Collator(locale, options));
