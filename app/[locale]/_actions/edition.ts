'use server';

import { redirect } from 'next/navigation';
import { localizedPath } from '@/lib/i18n/locale';
import { cookies, headers } from 'next/headers';
import { countryOf, isLocale, localeFor, type Locale } from '@/lib/i18n/editions';
import { COOKIE_MAX_AGE, LOCALE_COOKIE } from '@/lib/i18n/resolve';
import { pathExists } from '@/lib/site/pages';

/**
 * The chooser sends a country and a language (or, from an older page, a `locale`). A language the
 * country does not offer (hidden in the dialog, but still checked) gives the country's first language.
 */
function chosenLocale(formData: FormData): Locale | null {
  const locale = formData.get('locale');
  if (isLocale(locale)) return locale;
  const code = String(formData.get('country') ?? '');
  const country = countryOf(code);
  if (country.code !== code) return null;
  return localeFor(country.code, String(formData.get('language') ?? '')) ?? localeFor(country.code, country.languages[0])!;
}

/** Apply in the edition chooser: remember the choice and go to the same page in that edition. */
export async function switchEdition(_previous: null, formData: FormData): Promise<null> {
  const locale = chosenLocale(formData);
  const rawPath = String(formData.get('path') ?? '/');
  if (!locale) return null;
  // Only a site-relative path; anything else (//host, schemes) falls back to the home page.
  const path = /^\/(?!\/)[\w\-/.~%]*$/.test(rawPath) ? rawPath.replace(/\/+$/, '') || '/' : '/';
  const target = (await pathExists(locale, path)) ? path : '/';
  const proto = (await headers()).get('x-forwarded-proto');
  (await cookies()).set(LOCALE_COOKIE, locale, {
    path: '/',
    maxAge: COOKIE_MAX_AGE,
    sameSite: 'lax',
    secure: proto === 'https',
  });
  return redirect(localizedPath(locale, target));
}
