// The address a page is kept under in the page cache (lib/http/page-cache.ts): its path, with the query
// string only when the query is made of tracking parameters (issue 47: a campaign's `?utm_source=…`
// or an ad click's `?gclid=…` is the same page, and each new value rendered it again in Next).
// Erasable TypeScript only (server.ts loads it).

/**
 * Query parameters that only analytics read, in the browser, from the address bar: the page rendered on
 * the server is the same with or without them (e2e/cache-differential.spec.ts holds it). Names are
 * compared in lower case; `utm_` is a prefix (utm_source, utm_medium, utm_campaign, utm_term, ...).
 */
export const TRACKING_PARAMS: ReadonlySet<string> = new Set([
  'gclid', 'gclsrc', 'gbraid', 'wbraid', 'dclid', 'gad_source', 'gad_campaignid', // Google Ads
  'fbclid', // Meta
  'msclkid', // Microsoft Ads
  'ttclid', // TikTok
  'twclid', // X
  'li_fat_id', // LinkedIn
  'yclid', 'ysclid', // Yandex
  'igshid', // Instagram shares
  'mc_cid', 'mc_eid', // Mailchimp
  '_ga', '_gl', // Google Analytics cross-domain linking
  '_hsenc', '_hsmi', // HubSpot
  'mkt_tok', // Marketo
]);

/** Is `name` (a query parameter's name, as sent) a tracking parameter? */
export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_PARAMS.has(lower);
}

/**
 * The path a request's page is kept under: `url` itself without a query; its path when every parameter
 * of the query is a tracking parameter (`/lv-en/about?utm_source=x&gclid=y` → `/lv-en/about`); null when
 * any other parameter is there (it may change the page: a search, a page number), the query is empty,
 * or the address has a fragment or does not start with `/`.
 */
export function cachePath(url: string): string | null {
  if (!url.startsWith('/') || url.includes('#')) return null;
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url.slice(at + 1);
  let tracked = 0;
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    tracked++;
    const raw = pair.split('=', 1)[0] ?? '';
    let name: string;
    try {
      name = decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      return null;
    }
    if (!isTrackingParam(name)) return null;
  }
  // A bare `?` is not a tracking query: left uncached, as before.
  return tracked > 0 ? url.slice(0, at) : null;
}
