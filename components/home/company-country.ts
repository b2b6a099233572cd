import { countries, countryByName } from '@/lib/i18n/editions';
import { displayNames } from '@/lib/i18n/intl-cache';

/** The town of an address, "…, 4180 Ypsonas, Limassol, Cyprus" → "Ypsonas": the part after the postcode. */
export function townOf(address: string): string | null {
  const part = address.split(',').map((p) => p.trim()).find((p) => /^\d{4,5}\s+\S/.test(p));
  return part ? part.replace(/^\d{4,5}\s+/, '') : null;
}

/**
 * An address in the reader's language: its last part, the country, named by Intl ("Cyprus" reads
 * "Κύπρος" on a Greek page); the rest (a town, as the company gave it) is kept as written.
 */
export function localizedAddress(address: string, locale: string): string {
  const country = countryByName(address.split(',').at(-1) ?? '');
  if (!country) return address;
  const parts = address.split(',').map((p) => p.trim());
  const region = countries.find((c) => c.code === country)!.region;
  return [...parts.slice(0, -1), displayNames(locale, { type: 'region' }).of(region) ?? parts.at(-1)!].join(', ');
}
