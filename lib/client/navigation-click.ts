/**
 * The page a click is about to open inside the site, or null: a plain left click on a link (no
 * modifier, no download, same window) to another page of this origin. Anchors on the same page do not
 * count. Used by the progress bar and by the leave guard, both in the capture phase, before Next's
 * Link handles the click.
 */
export function inSiteNavigation(event: MouseEvent): URL | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download') || (link.target && link.target !== '_self')) return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return url.pathname !== window.location.pathname || url.search !== window.location.search ? url : null;
}
