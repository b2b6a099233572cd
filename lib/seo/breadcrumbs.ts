/**
 * The BreadcrumbList of a page, from URLs made by the page (`seoTrail` in ./metadata): pure, so the
 * components that draw the trail build it without reading the environment.
 */
export type Crumb = { href: string; label: string; url: string };

export function breadcrumbList(items: { name: string; url?: string }[]) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, ...(item.url ? { item: item.url } : {}) })),
  };
}
