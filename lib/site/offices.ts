import { contentLanguage, type Locale } from '@/lib/i18n/editions';
import { displayNames } from '@/lib/i18n/intl-cache';
import { officesIn } from './facts';

/** A place as an edition names it: "Palma de Mallorca, Spain", or the country alone while the city is unknown. */
export function placeName(locale: Locale, region: string, city: string | null): string {
  const country = displayNames(locale, { type: 'region' }).of(region) ?? region;
  return city ? `${city}, ${country}` : country;
}

/** Billme's offices (company facts, spec 1) in an edition's language. */
export function officeNames(locale: Locale): { region: string; name: string }[] {
  return officesIn(contentLanguage(locale)).map((office) => ({ region: office.region, name: placeName(locale, office.region, office.city) }));
}

/** The office in a country (a mail's footer says where Billme is), or the country's name. */
export function officeIn(locale: Locale, region: string): string {
  return officeNames(locale).find((office) => office.region === region)?.name ?? placeName(locale, region, null);
}
