import { describe, expect, it } from 'vitest';
import { languages } from '@/lib/i18n/editions';
import { articleList, guideList, pageList, vacancyList } from '@/lib/content/schemas';
import { callEmbeddedApi } from './support/embedded-api';

const json = async (path: string) => {
  const response = await callEmbeddedApi(path);
  return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as unknown };
};

describe.each(languages)('embedded /api/site in %s', (lang) => {
  it('lists articles with the documented fields, newest first', async () => {
    const { status, type, body } = await json(`/api/site/articles?lang=${lang}`);
    expect(status).toBe(200);
    expect(type).toMatch(/application\/json/);
    const list = articleList.parse(body);
    expect(list.length).toBeGreaterThanOrEqual(6);
    const times = list.map((a) => a.date.split('.').reverse().join(''));
    expect(times).toEqual([...times].sort().reverse());
  });

  it('lists guides, pages and vacancies', async () => {
    expect(guideList.parse((await json(`/api/site/guides?lang=${lang}`)).body).length).toBeGreaterThanOrEqual(8);
    const pages = pageList.parse((await json(`/api/site/pages?lang=${lang}`)).body).map((p) => p.slug);
    expect(pages).toEqual(expect.arrayContaining(['terms-and-conditions', 'privacy-policy', 'cookie-policy', 'contacts']));
    expect(vacancyList.parse((await json(`/api/site/vacancies?lang=${lang}`)).body).length).toBeGreaterThanOrEqual(3);
  });

  it('answers a page as a one-item list, and an unknown slug as an empty list', async () => {
    const found = pageList.parse((await json(`/api/site/page/privacy-policy?lang=${lang}`)).body);
    expect(found).toHaveLength(1);
    expect(found[0]!.slug).toBe('privacy-policy');
    const missing = await json(`/api/site/page/no-such-page?lang=${lang}`);
    expect(missing.status).toBe(200);
    expect(missing.body).toEqual([]);
  });

  it('finds guides by a word of their title, in any case', async () => {
    const all = guideList.parse((await json(`/api/site/guides?lang=${lang}`)).body);
    const word = all[0]!.title.split(/\s+/).find((w) => w.length > 4)!;
    const found = guideList.parse((await json(`/api/site/find-guide/${encodeURIComponent(word.toUpperCase())}?lang=${lang}`)).body);
    expect(found.map((g) => g.slug)).toContain(all[0]!.slug);
    expect((await json(`/api/site/find-guide/zzzqqq?lang=${lang}`)).body).toEqual([]);
  });
});

describe('embedded /api/site errors and defaults', () => {
  it.each(['articles', 'guides', 'pages', 'vacancies', 'page/contacts', 'find-guide/card'])('%s refuses an unsupported lang with 400 JSON', async (path) => {
    for (const lang of ['de', 'xx', 'en-LV', '1']) {
      const { status, body } = await json(`/api/site/${path}?lang=${lang}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: { code: 'unsupported_language', supported: [...languages] } });
    }
  });

  it('uses lv without lang, and en for find-guide (default locale lv-en)', async () => {
    const lv = pageList.parse((await json('/api/site/page/contacts?lang=lv')).body);
    expect(pageList.parse((await json('/api/site/page/contacts')).body)).toEqual(lv);
    const en = (await json('/api/site/find-guide/card?lang=en')).body;
    expect((await json('/api/site/find-guide/card')).body).toEqual(en);
    expect(en).not.toEqual([]);
  });

  it('searches accent-insensitively', async () => {
    const withAccents = (await json(`/api/site/find-guide/${encodeURIComponent('skaitītāju')}?lang=lv`)).body as unknown[];
    const without = (await json('/api/site/find-guide/skaititaju?lang=lv')).body;
    expect(withAccents.length).toBeGreaterThan(0);
    expect(without).toEqual(withAccents);
  });
});
