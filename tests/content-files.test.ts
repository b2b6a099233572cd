import { describe, expect, it } from 'vitest';
import { faqCategories } from '@/lib/content/schemas';
import { localContent } from '@/lib/content/local';
import { languages } from '@/lib/i18n/editions';

const english = localContent('en');
const slugs = (list: { slug: string }[]) => list.map((item) => item.slug).sort();

describe('embedded content', () => {
  it('has the amounts the site promises', () => {
    expect(english.articles.length).toBeGreaterThanOrEqual(6);
    expect(english.guides.length).toBeGreaterThanOrEqual(8);
    expect(english.vacancies.length).toBeGreaterThanOrEqual(3);
    expect(slugs(english.pages)).toEqual(expect.arrayContaining(['contacts', 'cookie-policy', 'privacy-policy', 'terms-and-conditions']));
    for (const category of faqCategories) {
      expect(english.faq.filter((item) => item.category === category).length, category).toBeGreaterThanOrEqual(3);
    }
  });

  it.each(languages.filter((l) => l !== 'en'))('%s has every item of English, translated', (lang) => {
    const content = localContent(lang);
    expect(slugs(content.articles)).toEqual(slugs(english.articles));
    expect(content.guides.map((g) => g.slug)).toEqual(english.guides.map((g) => g.slug));
    expect(slugs(content.pages)).toEqual(slugs(english.pages));
    expect(slugs(content.vacancies)).toEqual(slugs(english.vacancies));
    expect(content.faq.map((f) => `${f.category}/${f.slug}`)).toEqual(english.faq.map((f) => `${f.category}/${f.slug}`));

    const pairs: [string, string][] = [
      ...content.articles.map((a, i) => [a.title, english.articles[i]!.title] as [string, string]),
      ...content.guides.map((g, i) => [g.summary, english.guides[i]!.summary] as [string, string]),
      ...content.faq.map((f, i) => [f.question, english.faq[i]!.question] as [string, string]),
    ];
    expect(pairs.filter(([text, en]) => text === en)).toEqual([]);
    // The same dates and images in every language.
    expect(content.articles.map((a) => [a.slug, a.date, a.image])).toEqual(english.articles.map((a) => [a.slug, a.date, a.image]));
  });

  it('has unique FAQ slugs and an illustration for every article', async () => {
    const { existsSync } = await import('node:fs');
    expect(new Set(english.faq.map((f) => f.slug)).size).toBe(english.faq.length);
    for (const article of english.articles) expect(existsSync(`public${article.image}`), article.image).toBe(true);
  });

  it('links only to pages that exist', () => {
    const known = new Set([
      '/', '/about', '/business', '/blog', '/guides', '/faq', '/careers', '/ask-question', '/business-start-form',
      ...english.pages.map((p) => `/${p.slug}`),
      ...english.guides.map((g) => `/guides/${g.slug}`),
      ...english.articles.map((a) => `/blog/${a.slug}`),
      ...english.vacancies.map((v) => `/careers/${v.slug}`),
      ...english.faq.map((f) => `/faq/${f.slug}`),
    ]);
    for (const lang of languages) {
      const content = localContent(lang);
      const html = [...content.articles, ...content.guides, ...content.pages, ...content.vacancies].map((i) => i.text).join('') +
        content.faq.map((f) => f.answer).join('');
      const internal = [...html.matchAll(/href="(\/[^"#?]*)/g)].map((m) => m[1]!.replace(/\/$/, '') || '/');
      expect(internal.filter((href) => !known.has(href)), lang).toEqual([]);
    }
  });
});
