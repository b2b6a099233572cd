/** The main navigation, in order. Keys are message keys in the `Nav` namespace. */
export const navItems = [
  { key: 'home', href: '/' },
  { key: 'business', href: '/business' },
  { key: 'about', href: '/about' },
  { key: 'blog', href: '/blog' },
  { key: 'careers', href: '/careers' },
  { key: 'faq', href: '/faq' },
  { key: 'guides', href: '/guides' },
  { key: 'contacts', href: '/contacts' },
] as const;
