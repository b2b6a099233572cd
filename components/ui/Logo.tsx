/**
 * Billme's mark, drawn inline for the header, where it is part of the first paint (an image file would
 * be one more request before it). Below the fold, the footer draws it from the icon sprite
 * (`<Icon name="billme">`); public/logo.svg is the same drawing, for mail and other sites.
 * Decorative: the brand's name is always written beside it.
 */
export function Logo({ size }: { size: number }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="9" fill="#2453d6" />
      <path fill="#fff" d="M12.5 6.25h15a1.9 1.9 0 0 1 1.9 1.9v25.6l-2.8-1.9-2.8 1.9-2.8-1.9-2.8 1.9-2.8-1.9-2.8 1.9-2.8-1.9V8.15a1.9 1.9 0 0 1 1.9-1.9z" />
      <rect x="14.4" y="10.6" width="7.5" height="2.5" rx="1.25" fill="#2453d6" opacity=".35" />
      <path fill="none" stroke="#2453d6" strokeWidth="3.1" strokeLinecap="round" strokeLinejoin="round" d="M15 21.9l3.75 3.75 6.9-7.5" />
    </svg>
  );
}
