import { BILLME_MARK } from './icon-sprite';

/**
 * Billme's mark, drawn inline for the header, where it is part of the first paint (an image file would
 * be one more request before it). The drawing is the sprite's `billme` symbol (components/ui/icons.svg),
 * which the footer draws through `<Icon name="billme">`; public/logo.svg is the same drawing, for mail
 * and other sites. Decorative: the brand's name is always written beside it.
 */
export function Logo({ size }: { size: number }) {
  return <svg viewBox="0 0 40 40" width={size} height={size} aria-hidden="true" dangerouslySetInnerHTML={{ __html: BILLME_MARK }} />;
}
