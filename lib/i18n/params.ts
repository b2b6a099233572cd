import { notFound } from 'next/navigation';
import { isLocale, type Locale } from './editions';

/**
 * The edition of a route's `[locale]` param. The proxy only lets the nine editions through, but files
 * that do not exist (`/foo.txt`) reach the routes directly, and must be a 404, not a crash.
 */
export async function localeParam(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  return locale;
}
