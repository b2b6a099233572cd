'use client';

import type { ComponentProps } from 'react';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { useSaveData } from './useSaveData';

/**
 * The site's internal link: next-intl's Link (locale-aware hrefs), with prefetching turned off
 * on 2g or data-saver connections (spec 2).
 */
export function Link(props: ComponentProps<typeof IntlLink>) {
  const saveData = useSaveData();
  return <IntlLink {...props} prefetch={saveData ? false : props.prefetch} />;
}
