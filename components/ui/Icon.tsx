import type { JSX } from 'react';
import { ICON_SPRITE, type IconName } from './icon-sprite';

export type { IconName };

/**
 * One of the site's icons (components/ui/icons.svg), drawn from the sprite file that every page shares
 * and the browser caches: a page carries a reference of about 100 bytes per icon, in its HTML and
 * again in its RSC payload, instead of the glyph's paths. Decorative: hidden from assistive technology.
 */
export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }): JSX.Element {
  return (
    <svg width={size} height={size} className={className} aria-hidden="true">
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  );
}
