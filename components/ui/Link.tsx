import { getLocale } from 'next-intl/server';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/editions';
import { localizedPath } from '@/lib/i18n/locale';
import { SiteLink } from './SiteLink.client';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path of the site without its edition (`/blog/x`); it is put in the edition here. */
  href: string;
  /** Another edition than the page's (the footer's edition links). */
  locale?: Locale;
  prefetch?: boolean;
  children?: ReactNode;
};

/** The site's internal link, for server components: the href is made in the edition on the server. */
export async function Link({ href, locale, ...props }: Props) {
  const target = localizedPath(locale ?? ((await getLocale()) as Locale), href);
  return <SiteLink href={target} {...props} />;
}
