import { expect, test } from './fixtures';
import { localContent } from '@/lib/content/local';
import { editions, sitemapText } from './helpers';
import { e2ePort } from './support/servers';

const site = `http://localhost:${e2ePort}`;
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
const types = (html: string) => jsonLd(html).flatMap((d) => (Array.isArray(d['@graph']) ? (d['@graph'] as { '@type': string }[]).map((g) => g['@type']) : [d['@type'] as string]));

test('canonical and alternates come from the configured site URL, whatever the forwarded host', async ({ request }) => {
  const html = await (await request.get('/ee-ru/faq', { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } })).text();
  expect(html).toContain(`<link rel="canonical" href="${site}/ee-ru/faq"/>`);
  expect(html).toContain(`hrefLang="x-default" href="${site}/lv-lv/faq"`);
  expect(html).not.toContain('evil.example');
  expect(html).toMatch(/<meta property="og:image" content="[^"]+\/api\/og\?locale=ru-EE/);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
});

test('robots.txt points to the sitemap, and every sitemap URL and alternate answers 200', async ({ request }) => {
  test.setTimeout(240_000);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${site}/sitemap.xml`);
  expect(robots).toContain('Disallow: /*/checkout/');
  const xml = await sitemapText(async (path) => (await request.get(path)).text());
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  const hrefs = new Set([...xml.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!));
  expect(locs.length).toBeGreaterThan(600); // 651 at 1×: the 22 companies (all in Cyprus) only in the three Cypriot editions
  for (const url of hrefs) expect(locs, url).toContain(url);
  // A company is listed in its own country's editions only (ucity is in Cyprus).
  for (const edition of editions) {
    if (edition.country === 'cy') expect(locs).toContain(`${site}/${edition.prefix}/companies/ucity`);
    else expect(locs).not.toContain(`${site}/${edition.prefix}/companies/ucity`);
  }
  expect(locs.filter((u) => /form-success|checkout/.test(u))).toEqual([]);
  const failures: string[] = [];
  for (let i = 0; i < locs.length; i += 12) {
    const statuses = await Promise.all(locs.slice(i, i + 12).map(async (url) => [url, (await request.get(url.replace(site, ''), { maxRedirects: 0 })).status()] as const));
    failures.push(...statuses.filter(([, status]) => status !== 200).map(([url, status]) => `${status} ${url}`));
  }
  expect(failures).toEqual([]);
});

test('structured data: Organization and WebSite on the home page, breadcrumbs, BlogPosting, FAQPage, JobPosting', async ({ request }) => {
  const en = localContent('en');
  expect(types(await (await request.get('/lv-lv')).text())).toEqual(expect.arrayContaining(['Organization', 'WebSite']));
  const article = await (await request.get(`/lv-en/blog/${en.articles[0]!.slug}`)).text();
  expect(types(article)).toEqual(expect.arrayContaining(['BreadcrumbList', 'BlogPosting']));
  expect(types(article)).not.toContain('WebSite');
  expect(jsonLd(article).find((d) => d['@type'] === 'BlogPosting')).toMatchObject({ headline: en.articles[0]!.title, inLanguage: 'en-LV' });
  // The FAQ's index links each question to its page; the question's page carries its FAQPage.
  const question = localContent('el').faq[0]!;
  const faq = await (await request.get(`/cy-el/faq/${question.slug}`)).text();
  expect(jsonLd(faq).find((d) => d['@type'] === 'FAQPage')).toMatchObject({ mainEntity: [{ '@type': 'Question', name: question.question }] });
  expect(types(await (await request.get(`/ee-et/careers/${en.vacancies[0]!.slug}`)).text())).toEqual(expect.arrayContaining(['JobPosting', 'BreadcrumbList']));
});

test('each edition has an RSS feed of its blog, linked from the blog page', async ({ request }) => {
  for (const edition of editions) {
    const blog = await (await request.get(`/${edition.prefix}/blog`)).text();
    expect(blog).toContain(`<link rel="alternate" type="application/rss+xml" href="${site}/${edition.prefix}/blog/rss.xml"/>`);
    const feed = await request.get(`/${edition.prefix}/blog/rss.xml`);
    expect(feed.headers()['content-type']).toContain('application/rss+xml');
    const xml = await feed.text();
    const { articles } = localContent(edition.language);
    expect(xml).toContain(`<language>${edition.locale}</language>`);
    expect(xml.match(/<item>/g)).toHaveLength(articles.length);
    expect(xml).toContain(`${site}/${edition.prefix}/blog/${articles[0]!.slug}`);
  }
});

test('the sharing image is a PNG with the page title', async ({ request }) => {
  const html = await (await request.get('/cy-el/faq')).text();
  const image = html.match(/<meta property="og:image" content="([^"]+)"/)![1]!.replace(/&amp;/g, '&');
  const response = await request.get(image.replace(site, ''));
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  expect((await response.body()).length).toBeGreaterThan(10_000);
});

test('a crawl from each edition\'s home finds no broken internal link', async ({ request }) => {
  test.setTimeout(300_000);
  const broken: string[] = [];
  for (const edition of editions) {
    const seen = new Set<string>([`/${edition.prefix}`]);
    const queue = [`/${edition.prefix}`];
    while (queue.length > 0) {
      const batch = queue.splice(0, 10);
      await Promise.all(
        batch.map(async (path) => {
          const response = await request.get(path, { maxRedirects: 0 });
          if (response.status() !== 200) {
            broken.push(`${response.status()} ${path}`);
            return;
          }
          if (!(response.headers()['content-type'] ?? '').includes('text/html')) return;
          const html = await response.text();
          for (const [, href] of html.matchAll(/<a [^>]*href="(\/[^"#?]*)/g)) {
            const clean = href!.replace(/\/$/, '');
            if (clean.startsWith(`/${edition.prefix}`) && !seen.has(clean)) {
              seen.add(clean);
              queue.push(clean);
            }
          }
        }),
      );
    }
    expect(seen.size, edition.prefix).toBeGreaterThan(60);
  }
  expect(broken).toEqual([]);
});
