'use client';

import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { SiteLink } from '@/components/ui/SiteLink.client';

/**
 * A navigation link that marks itself as the current page (or section). `href` is already in the
 * edition (`/lv-lv/blog`); the edition's home is current only on itself.
 */
export function NavLink({ href, home, className, children }: { href: string; home: boolean; className?: string; children: ReactNode }) {
  const pathname = usePathname();
  const current = home ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
  return (
    <SiteLink href={href} className={className} aria-current={current ? 'page' : undefined}>
      {children}
    </SiteLink>
  );
}
