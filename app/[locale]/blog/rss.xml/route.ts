import { createTranslator } from 'next-intl';
import { getArticles, parseContentDate } from '@/lib/content';
import { editionByPrefix, editionOf, isLocale } from '@/lib/i18n/editions';
import { loadMessages } from '@/lib/i18n/messages';
import { apiRoute } from '@/lib/http/respond';
import { pageUrl } from '@/lib/seo/metadata';
import { RSS_ITEMS } from '@/lib/limits';

type Context = { params: Promise<{ locale: string }> };

const xml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const rfc822 = (date: string) => {
  const { year, month, day } = parseContentDate(date);
  return new Date(Date.UTC(year, month - 1, day, 8)).toUTCString();
};

/**
 * GET /{prefix}/blog/rss.xml — the blog of one edition as RSS 2.0: its RSS_ITEMS newest articles. While the content API is down and
 * no copy of the articles is at hand, 503 with Retry-After (lib/http/respond.ts).
 */
export const GET = apiRoute(async (_request: Request, { params }: Context) => {
  const { locale: segment } = await params;
  const edition = editionByPrefix(segment) ?? (isLocale(segment) ? editionOf(segment) : undefined);
  if (!edition) return new Response('Not found', { status: 404 });
  const t = createTranslator({ locale: edition.locale, messages: await loadMessages(edition.language), namespace: 'Meta' });
  const articles = await getArticles(edition.language);
  const self = `${pageUrl(edition.locale, '/blog')}/rss.xml`;
  const items = articles
    .slice(0, RSS_ITEMS)
    .map((a) => {
      const link = pageUrl(edition.locale, `/blog/${a.slug}`);
      return `<item><title>${xml(a.title)}</title><link>${xml(link)}</link><guid isPermaLink="true">${xml(link)}</guid><pubDate>${rfc822(a.date)}</pubDate><description>${xml(a.summary)}</description></item>`;
    })
    .join('');
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${xml(t('blogTitle'))}</title><link>${xml(pageUrl(edition.locale, '/blog'))}</link><description>${xml(t('blogDescription'))}</description><language>${edition.locale}</language><atom:link href="${xml(self)}" rel="self" type="application/rss+xml"/>${items}</channel></rss>
`;
  return new Response(body, { headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=600' } });
});
