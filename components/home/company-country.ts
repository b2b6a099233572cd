import { countries, type CountryCode } from '@/lib/i18n/editions';
import { displayNames } from '@/lib/i18n/intl-cache';

const byName = new Map<string, CountryCode>(
  countries.map((country) => [new Intl.DisplayNames('en', { type: 'region' }).of(country.region)!.toLowerCase(), country.code]),
);

/**
 * The edition country a client company is in, read from the last part of its address ("…, Limassol,
 * Cyprus"); null for a country the site has no edition for. The company files have no country field, so
 * this is the one place that derives it.
 */
export function countryOfAddress(address: string): CountryCode | null {
  const last = address.split(',').at(-1)?.trim().toLowerCase() ?? '';
  return byName.get(last) ?? null;
}

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
  const country = countryOfAddress(address);
  if (!country) return address;
  const parts = address.split(',').map((p) => p.trim());
  const region = countries.find((c) => c.code === country)!.region;
  return [...parts.slice(0, -1), displayNames(locale, { type: 'region' }).of(region) ?? parts.at(-1)!].join(', ');
}
