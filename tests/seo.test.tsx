import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { JsonLd } from '@/components/seo/JsonLd';
import { editions } from '@/lib/i18n/editions';
import { alternates, pageMetadata, pageUrl } from '@/lib/seo/metadata';
import { parseSitemapName, sitemapFileXml, sitemapFiles, sitemapIndexXml, sitePaths, staticSitePaths } from '@/lib/seo/sitemap';
import { companiesIn } from '@/lib/payments';
import { faqPage, organization } from '@/lib/seo/structured-data';

const site = process.env.NEXT_PUBLIC_SITE_URL ?? 'http://localhost:3000';

describe('alternates', () => {
  it('name every edition and x-default (the default edition), on the configured site URL', () => {
    const links = alternates('/blog/x');
    expect(Object.keys(links)).toEqual([...editions.map((e) => e.locale), 'x-default']);
    expect(links['el-CY']).toBe(`${site}/cy-el/blog/x`);
    expect(links['x-default']).toBe(`${site}/lv-lv/blog/x`);
    expect(pageUrl('en-EE', '/')).toBe(`${site}/ee-en`);
  });

  it('give each page a canonical URL, OpenGraph and Twitter tags; noindex pages get no alternates', () => {
    const meta = pageMetadata('ru-LV', '/faq', { title: 'Частые вопросы', description: 'd' });
    expect(meta.alternates?.canonical).toBe(`${site}/lv-ru/faq`);
    expect(meta.openGraph).toMatchObject({ url: `${site}/lv-ru/faq`, locale: 'ru_LV', title: 'Частые вопросы' });
    expect(JSON.stringify(meta.openGraph)).toContain('/api/og?locale=ru-LV');
    expect(meta.twitter).toEqual({ card: 'summary_large_image' });
    expect(meta.openGraph).not.toHaveProperty('alternateLocale');
    const hidden = pageMetadata('en-LV', '/form-success', { title: 't', noindex: true });
    expect(hidden.alternates).toBeUndefined();
    expect(hidden.robots).toEqual({ index: false, follow: false });
  });
});

describe('sitemap', () => {
  it('lists every page of every edition with alternates and content dates, and no confirmations or checkouts', async () => {
    const byEdition = await sitePaths();
    const all = [...byEdition.values()].flat();
    const lv = byEdition.get('lv-LV')!.map((p) => p.path);
    expect(lv).toEqual(expect.arrayContaining([...staticSitePaths, '/blog/how-automatic-payment-works', '/guides/mobile-app', '/faq/what-is-billme', '/careers/senior-full-stack-engineer', '/privacy-policy']));
    expect(all.filter((p) => /form-success|checkout/.test(p.path))).toEqual([]);
    const article = byEdition.get('el-CY')!.find((p) => p.path === '/blog/how-automatic-payment-works')!;
    expect(article.modified).toBe('2026-03-18');
    expect(article.editions).toHaveLength(9);
    // Every URL has a lastmod from a real date of its content, none from the build's clock.
    expect(all.filter((e) => !e.modified).map((e) => e.path)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    for (const e of all) expect(String(e.modified) <= today, e.path).toBe(true);
  });

  it("lists a company only in its own country's editions, with only those as alternates", async () => {
    const byEdition = await sitePaths();
    const cypriot = companiesIn('cy').map((c) => `/companies/${c.slug}`);
    expect(cypriot).toContain('/companies/bluenet');
    for (const locale of ['el-CY', 'en-CY', 'ru-CY'] as const) expect(byEdition.get(locale)!.map((p) => p.path)).toEqual(expect.arrayContaining(cypriot));
    for (const locale of ['lv-LV', 'en-LV', 'ru-LV', 'et-EE', 'en-EE', 'ru-EE'] as const)
      expect(byEdition.get(locale)!.filter((p) => p.path.startsWith('/companies/')).map((p) => p.path), locale).toEqual(companiesIn(locale.endsWith('LV') ? 'lv' : 'ee').map((c) => `/companies/${c.slug}`));
    const page = byEdition.get('en-CY')!.find((p) => p.path === '/companies/bluenet')!;
    expect(page.editions).toEqual(['el-CY', 'en-CY', 'ru-CY']);
    const file = sitemapFileXml('en-CY', [page]);
    expect(file).toContain(`<loc>${site}/cy-en/companies/bluenet</loc>`);
    expect(file).toContain(`hreflang="x-default" href="${site}/cy-el/companies/bluenet"`);
    expect(file).not.toContain('/lv-lv/companies/');
  });

  it('is an index of per-edition files, each a valid name', async () => {
    const files = await sitemapFiles();
    expect(files.map((f) => f.name)).toEqual(editions.map((e) => `${e.prefix}-1.xml`));
    const index = await sitemapIndexXml();
    expect(index).toContain('<sitemapindex');
    expect(index).toContain(`<loc>${site}/sitemaps/lv-lv-1.xml</loc>`);
    expect(parseSitemapName('cy-el-1.xml')).toEqual({ locale: 'el-CY', part: 1 });
    for (const bad of ['cy-el-0.xml', 'cy-el-01.xml', 'xx-yy-1.xml', 'cy-el.xml']) expect(parseSitemapName(bad), bad).toBeNull();
  });
});

describe('structured data', () => {
  it('is escaped so content cannot close the script element', () => {
    const html = renderToStaticMarkup(<JsonLd data={{ '@type': 'Thing', name: '</script><script>alert(1)</script>' }} />);
    expect(html).not.toContain('</script><script>');
    expect(html).toContain('\\u003c/script>');
    expect(JSON.parse(html.replace(/^<script[^>]*>|<\/script>$/g, ''))).toMatchObject({ '@context': 'https://schema.org', name: '</script><script>alert(1)</script>' });
  });

  it('has a contact point per country and plain-text FAQ answers', () => {
    expect(organization().contactPoint.map((c) => c.areaServed)).toEqual(['LV', 'EE', 'CY']);
    const faq = faqPage('en-LV', [{ category: 'security', slug: 's', updated_at: '01.02.2026', question: 'Q?', answer: '<p>A <strong>b</strong></p>' }]);
    expect(faq.mainEntity[0]).toMatchObject({ name: 'Q?', acceptedAnswer: { text: 'A b' }, dateModified: '2026-02-01' });
  });
});
