import { getTranslations } from 'next-intl/server';
import { countries, editionOf, editions, languages, type Locale } from '@/lib/i18n/editions';
import { displayNames } from '@/lib/i18n/intl-cache';
import { languageAutonym } from '@/lib/i18n/names';
import { Icon } from '@/components/ui/Icon';
import { LocaleChooserDialog, type ChooserCountry, type ChooserLanguage } from './LocaleChooser.client';

/** Server half of the chooser: names countries in the visitor's language, languages in their own. */
export async function LocaleChooser({ locale, action }: { locale: Locale; action: (previous: null, data: FormData) => Promise<null> }) {
  const t = await getTranslations('Chooser');
  const regionNames = displayNames(locale, { type: 'region' });
  const options: ChooserCountry[] = countries.map((country) => ({
    code: country.code,
    name: regionNames.of(country.region) ?? country.region,
    editions: editions
      .filter((e) => e.country === country.code)
      .map((e) => ({ locale: e.locale, label: languageAutonym(e.language), lang: e.language })),
  }));
  // Each language once, with the countries that offer it (en and ru: all three).
  const languageOptions: ChooserLanguage[] = languages.map((lang) => ({
    lang,
    label: languageAutonym(lang),
    countries: countries.filter((country) => (country.languages as readonly string[]).includes(lang)).map((country) => country.code),
  }));
  const current = editionOf(locale);
  const currentCountry = options.find((c) => c.code === current.country)!;
  return (
    <LocaleChooserDialog
      action={action}
      countries={options}
      languages={languageOptions}
      current={{ country: current.country, language: current.language }}
      short={`${current.country.toUpperCase()} · ${current.language.toUpperCase()}`}
      icons={{ globe: <Icon name="globe" size={20} />, close: <Icon name="close" size={22} /> }}
      labels={{
        trigger: t('trigger', { country: currentCountry.name, language: languageAutonym(current.language) }),
        title: t('title'),
        description: t('description'),
        apply: t('apply'),
        country: t('country'),
        language: t('language'),
        close: t('close'),
      }}
    />
  );
}
