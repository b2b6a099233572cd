'use client';

import NextLink from 'next/link';
import type { ComponentProps } from 'react';

/**
 * next/link with an href already in its edition, for islands that need a link component (the current
 * page of the navigation). Its own prefetching is off: the page's one prefetch rule (on intent, never on
 * 2g or data-saver connections) is SoftNavigation's, for these links as for the plain ones.
 */
export function SiteLink(props: ComponentProps<typeof NextLink>) {
  return <NextLink {...props} prefetch={false} />;
}
