'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useSaveData } from '@/components/ui/useSaveData';
import { inSiteNavigation } from '@/lib/client/navigation-click';
import { isEditionPath } from '@/lib/i18n/locale';

/** A page of an edition (not a file such as the RSS feed or the presentation). */
const isPage = (url: URL) => url.origin === window.location.origin && isEditionPath(url.pathname) && !/\.[a-z0-9]+$/i.test(url.pathname);

/**
 * What next/link does for each link, done once for the whole page: server components render plain
 * `<a href>` (no client component, no payload per link), and this island turns a click on one into a
 * client-side navigation, and prefetches the pages of the links that come into view, except on 2g or
 * data-saver connections (spec 2). Links inside client islands that need more (the current page of
 * the navigation) still use next/link.
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
    if (saveData || !('IntersectionObserver' in window)) return;
    const fetched = new Set<string>([window.location.pathname + window.location.search]);
    const seen = new WeakSet<Element>();
    const visible = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        visible.unobserve(entry.target);
        const url = new URL((entry.target as HTMLAnchorElement).href);
        const target = `${url.pathname}${url.search}`;
        if (!fetched.has(target)) {
          fetched.add(target);
          router.prefetch(target);
        }
      }
    });
    const watch = () => {
      for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) {
        if (seen.has(link) || link.hasAttribute('download') || !isPage(new URL(link.href))) continue;
        seen.add(link);
        visible.observe(link);
      }
    };
    watch();
    const changes = new MutationObserver(watch);
    changes.observe(document.body, { childList: true, subtree: true });
    return () => {
      visible.disconnect();
      changes.disconnect();
    };
  }, [router, saveData]);

  return null;
}
