import { getLocale } from 'next-intl/server';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/editions';
import { localizedPath } from '@/lib/i18n/locale';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path of the site without its edition (`/blog/x`); it is put in the edition here. */
  href: string;
  /** Another edition than the page's (the footer's edition links). */
  locale?: Locale;
  children?: ReactNode;
};

/**
 * The site's internal link, for server components: a plain `<a>` with its href in the edition. It
 * navigates on the client and is prefetched through one island for the whole page
 * (components/navigation/SoftNavigation.client.tsx), so a page of forty links carries no link component.
 */
export async function Link({ href, locale, ...props }: Props) {
  return <a href={localizedPath(locale ?? ((await getLocale()) as Locale), href)} {...props} />;
}
