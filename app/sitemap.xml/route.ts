// GET /sitemap.xml — the sitemap index: one or more files per edition (lib/seo/sitemap.ts).
import { apiRoute } from '@/lib/http/respond';
import { sitemapIndexXml } from '@/lib/seo/sitemap';

/** Rendered on request (content may come from a remote API, which must not be needed at build time). */
export const dynamic = 'force-dynamic';

export const GET = apiRoute(async () => new Response(await sitemapIndexXml(), { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' } }));
