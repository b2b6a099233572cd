/**
 * The test provider's own path prefix: its page is served by app/test-provider/[session]/route.ts,
 * outside the site's [locale] routes, and proxy.ts's matcher leaves it alone (its own CSP, no edition
 * cookies, no page cache).
 */
export const TEST_PROVIDER_PREFIX = '/test-provider';
