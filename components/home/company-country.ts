import { countries, type CountryCode } from '@/lib/i18n/editions';

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
