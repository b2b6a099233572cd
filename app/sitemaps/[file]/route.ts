// GET /sitemaps/{prefix}-{n}.xml — one file of the sitemap index: an edition's pages, SITEMAP_URLS_PER_FILE at most.
import { apiRoute } from '@/lib/http/respond';
import { parseSitemapName, sitemapFileXml, sitemapPart } from '@/lib/seo/sitemap';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ file: string }> };

export const GET = apiRoute(async (_request: Request, { params }: Context) => {
  const name = parseSitemapName((await params).file);
  const paths = name && (await sitemapPart(name.locale, name.part));
  if (!name || !paths) return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(sitemapFileXml(name.locale, paths), { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' } });
});
