import type { ComponentProps, ReactNode } from 'react';
import { buttonClass, type Variant } from './button-class';
import { Link } from './Link';

export { buttonClass };

/** A link that looks like a button: internal (locale-aware) hrefs, or external URLs with `external`. */
export function ButtonLink({
  href,
  external = false,
  variant,
  size,
  children,
}: {
  href: ComponentProps<typeof Link>['href'];
  external?: boolean;
  variant?: Variant;
  size?: 'md' | 'lg';
  children: ReactNode;
}) {
  const className = buttonClass(variant, size);
  if (external && typeof href === 'string') {
    return (
      <a className={className} href={href} rel="noopener">
        {children}
      </a>
    );
  }
  return (
    <Link className={className} href={href}>
      {children}
    </Link>
  );
}
