import { editionOf, type Locale } from '@/lib/i18n/editions';
import { statsOf } from '@/lib/facts/facts';

/** The published figures of an edition's country (company facts), or null where the product text states none. */
export function countryStats(locale: Locale): { companies: number; users: number } | null {
  return statsOf(editionOf(locale).country);
}
