'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useSaveData } from '@/components/ui/useSaveData';
import { inSiteNavigation } from '@/lib/client/navigation-click';
import { isEditionPath } from '@/lib/i18n/locale';

/** What shows the intent to follow a link: a pointer over it, a finger down on it, keyboard focus on it. */
const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const;

/** A page of an edition (not a file such as the RSS feed or the presentation). */
const isPage = (url: URL) => url.origin === window.location.origin && isEditionPath(url.pathname) && !/\.[a-z0-9]+$/i.test(url.pathname);

/**
 * What next/link does for each link, done once for the whole page: server components render plain
 * `<a href>` (no client component, no payload per link), and this island turns a click on one into a
 * client-side navigation, and prefetches a link's page when the visitor shows the intent to follow it
 * (pointer over it, a finger down on it, keyboard focus on it), except on 2g or data-saver connections
 * (spec 2). Prefetching what merely comes into view cost a phone four requests on the home page
 * before anyone touched anything. The main navigation's links (next/link, components/ui/SiteLink, for
 * its current-page mark) keep next/link's own prefetch as they come into view: they are few and shown
 * on wide screens only, and the main pages' static parts are then ready before a click.
 */
export function SoftNavigation() {
  const router = useRouter();
  const saveData = useSaveData();

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      // After the leave guard (capture phase), which may have kept the visitor on the page.
      if (event.defaultPrevented) return;
      const url = inSiteNavigation(event);
      if (!url || !isPage(url)) return;
      event.preventDefault();
      router.push(`${url.pathname}${url.search}${url.hash}`);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [router]);

  useEffect(() => {
    if (saveData) return;
    const fetched = new Set<string>([window.location.pathname + window.location.search]);
    const onIntent = (event: Event) => {
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href^="/"]');
      if (!link || link.hasAttribute('download')) return;
      const url = new URL(link.href);
      const target = `${url.pathname}${url.search}`;
      if (!isPage(url) || fetched.has(target)) return;
      fetched.add(target);
      router.prefetch(target);
    };
    const options = { passive: true, capture: true };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, options);
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, options);
    };
  }, [router, saveData]);

  return null;
}
