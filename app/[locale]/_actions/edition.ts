'use server';

import { redirect } from 'next/navigation';
import { localizedPath } from '@/lib/i18n/locale';
import { cookies, headers } from 'next/headers';
import { isLocale } from '@/lib/i18n/editions';
import { COOKIE_MAX_AGE, LOCALE_COOKIE } from '@/lib/i18n/resolve';
import { pathExists } from '@/lib/site/pages';

/** Apply in the edition chooser: remember the choice and go to the same page in that edition. */
export async function switchEdition(_previous: null, formData: FormData): Promise<null> {
  const locale = formData.get('locale');
  const rawPath = String(formData.get('path') ?? '/');
  if (!isLocale(locale)) return null;
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
