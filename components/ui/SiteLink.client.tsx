'use client';

import NextLink from 'next/link';
import type { ComponentProps } from 'react';
import { useSaveData } from './useSaveData';

/**
 * next/link with an href already in its edition, and no prefetching on 2g or data-saver connections
 * (spec 2). Needs no message or locale context, so the shell ships none.
 */
export function SiteLink(props: ComponentProps<typeof NextLink>) {
  const saveData = useSaveData();
  return <NextLink {...props} prefetch={saveData ? false : props.prefetch} />;
}
