import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { JsonLd } from '@/components/seo/JsonLd';
import { editions } from '@/lib/i18n/editions';
import { alternates, pageMetadata, pageUrl } from '@/lib/seo/metadata';
import { sitemapEntries, sitePaths, staticSitePaths } from '@/lib/seo/sitemap';
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
    const paths = await sitePaths();
    const entries = sitemapEntries(paths);
    const all = paths.map((p) => p.path);
    expect(all).toEqual(expect.arrayContaining([...staticSitePaths, '/blog/how-automatic-payment-works', '/guides/mobile-app', '/faq/what-is-billme', '/careers/senior-full-stack-engineer', '/privacy-policy', '/companies/bluenet', '/companies/107']));
    expect(all.filter((p) => /form-success|checkout/.test(p))).toEqual([]);
    expect(entries).toHaveLength(paths.length * 9);
    expect(new Set(entries.map((e) => e.url)).size).toBe(entries.length);
    const article = entries.find((e) => e.url === `${site}/cy-el/blog/how-automatic-payment-works`)!;
    expect(article.lastModified).toBe('2026-03-18');
    expect(Object.keys(article.alternates!.languages!)).toHaveLength(10);
    // Every URL has a lastmod from a real date of its content, none from the build's clock.
    expect(entries.filter((e) => !e.lastModified).map((e) => e.url)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    for (const e of entries) expect(String(e.lastModified) <= today, e.url).toBe(true);
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
