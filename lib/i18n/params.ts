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

/** A further page's number (`/blog/page/2`): 2 or more, without leading zeros; anything else is a 404 (page 1 is the list's own path). */
export async function pageParam(params: Promise<{ page: string }>): Promise<number> {
  const { page } = await params;
  if (!/^[1-9][0-9]{0,5}$/.test(page) || Number(page) < 2) notFound();
  return Number(page);
}
