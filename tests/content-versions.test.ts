// What the proxy and the sitemap derive from the content is made once per content version, not on every request (issue 50).
import { describe, expect, it } from 'vitest';
import { contentItems } from '@/lib/content';
import { indexablePathsOf, pageState } from '@/lib/site/pages';
import { sitemapFiles, sitePaths } from '@/lib/seo/sitemap';
import { localContent } from '@/lib/content/local';

describe('derived once per content version', () => {
  it("the proxy's lists are the same objects on every request while the content stays the same", async () => {
    expect(await contentItems('articles', 'en')).toBe(await contentItems('articles', 'en'));
    expect(await contentItems('guides', 'lv')).toBe(await contentItems('guides', 'lv'));
    // …and still answer for every item, and for nothing else.
    const slug = localContent('en').articles.at(-1)!.slug;
    expect(await pageState('en-LV', `/blog/${slug}`)).toBe('exists');
    expect(await pageState('en-LV', `/blog/${slug}-nope`)).toBe('missing');
    expect(await pageState('en-CY', '/companies/bluenet')).toBe('exists');
    expect(await pageState('en-LV', '/companies/bluenet')).toBe('missing');
  });

  it('an edition\'s paths, the whole site\'s and the index\'s files are made once, not per sitemap request', async () => {
    expect(await indexablePathsOf('ru-EE')).toBe(await indexablePathsOf('ru-EE'));
    expect(await sitePaths()).toBe(await sitePaths());
    expect(await sitemapFiles()).toBe(await sitemapFiles());
  });
});

describe('one copy of the content per process', () => {
  it('a second copy of the modules (as each bundle of Next has its own) reads the same loaded content and catalogue, not its own', async () => {
    const { vi } = await import('vitest');
    const first = (await import('@/lib/content/local')).localContent('et');
    const company = (await import('@/lib/payments/catalogue')).getCompany('bluenet');
    vi.resetModules();
    const again = await import('@/lib/content/local');
    expect(again.localContent('et')).toBe(first);
    expect((await import('@/lib/payments/catalogue')).getCompany('bluenet')).toBe(company);
  });
});
