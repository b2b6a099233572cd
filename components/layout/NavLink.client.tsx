'use client';

import type { ReactNode } from 'react';
import { Link } from '@/components/ui/Link';
import { usePathname } from '@/lib/i18n/navigation';

/** A navigation link that marks itself as the current page (or section). */
export function NavLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const pathname = usePathname();
  const current = href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link href={href} className={className} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}
