import { editionOf, type CountryCode, type Locale } from '@/lib/i18n/editions';

/** What differs by country, as data (not copies of message files). */
type CountryData = {
  /** Figures the site publishes for the country; only Latvia's are stated in the product text. */
  stats: { companies: number; users: number } | null;
};

export const countryData: Record<CountryCode, CountryData> = {
  lv: { stats: { companies: 180, users: 100_000 } },
  ee: { stats: null },
  cy: { stats: null },
};

/** The published figures of an edition's country, or null where the product text states none. */
export function countryStats(locale: Locale): CountryData['stats'] {
  return countryData[editionOf(locale).country].stats;
}
