'use client';

import type { ComponentProps } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { useSaveData } from './useSaveData';

/**
 * The internal link of client islands that already carry next-intl's provider (forms, guide search):
 * next-intl's Link puts the href in the edition; no prefetching on 2g or data-saver connections.
 */
export function IntlLink(props: ComponentProps<typeof Link>) {
  const saveData = useSaveData();
  return <Link {...props} prefetch={saveData ? false : props.prefetch} />;
}
