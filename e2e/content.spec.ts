import { expect, test } from './fixtures';
import { formatContentDate } from '@/lib/content/format';
import { localContent } from '@/lib/content/local';
import { faqCategories } from '@/lib/content/schemas';
import { editions, expectNoAxeViolations, message } from './helpers';
import { LIST_PAGE_ITEMS } from '@/lib/limits';

/** Every content route, with the heading it must show, per edition. */
function routes(edition: (typeof editions)[number]) {
  const content = localContent(edition.language);
  const m = (key: string) => message(edition.language, key);
  return [
    { path: '/blog', heading: m('Blog.title') },
    { path: `/blog/${content.articles[0]!.slug}`, heading: content.articles[0]!.title },
    { path: '/guides', heading: m('Guides.title') },
    { path: `/guides/${content.guides[0]!.slug}`, heading: content.guides[0]!.title },
    { path: '/faq', heading: m('Faq.title') },
    { path: `/faq/${content.faq[0]!.slug}`, heading: content.faq[0]!.question },
    { path: '/careers', heading: m('Careers.title') },
    { path: `/careers/${content.vacancies[0]!.slug}`, heading: content.vacancies[0]!.title },
    ...content.pages.map((p) => ({ path: `/${p.slug}`, heading: p.title })),
  ];
}

test.describe('content routes answer in every edition', () => {
  for (const edition of editions) {
    test(`${edition.prefix}: blog, guides, FAQ, careers and pages, translated`, async ({ request }) => {
      for (const { path, heading } of routes(edition)) {
        const response = await request.get(`/${edition.prefix}${path}`);
        expect(response.status(), path).toBe(200);
        const html = await response.text();
        expect(html, path).toMatch(new RegExp(`<html[^>]* lang="${edition.locale}"`)); // data-dpl-id may come first (DEPLOYMENT_ID)
        const h1 = html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]?.replace(/<[^>]+>/g, '');
        expect(h1 && decode(h1), path).toBe(heading);
      }
    });
  }
});

function decode(html: string) {
  return html.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

// axe and the browser's errors on every content route: e2e/a11y.spec.ts (one page of each route).

test('lv-lv: read an article, then go to the next and previous ones', async ({ page }) => {
  const { articles } = localContent('lv');
  const [newest, older] = [articles[0]!, articles[1]!];
  await page.goto('/lv-lv/blog');
  await page.getByRole('link', { name: older.title, exact: true }).click();
  await expect(page).toHaveURL(`/lv-lv/blog/${older.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(older.title);
  // Date as 'MONTH DD, YYYY' in Latvian capitals, and the read time.
  await expect(page.locator('main header time')).toHaveText(formatContentDate(older.date, 'lv-LV'));
  await expect(page.locator('main header')).toContainText(/\d+ min/);
  await expect(page.getByRole('img', { name: older.image_alt })).toBeVisible();

  const nav = page.getByRole('navigation', { name: message('lv', 'Blog.articleNav') });
  await nav.getByRole('link', { name: new RegExp(message('lv', 'Blog.nextArticle')) }).click();
  await expect(page).toHaveURL(`/lv-lv/blog/${newest.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newest.title);
  await expect(nav.getByRole('link', { name: new RegExp(message('lv', 'Blog.nextArticle')) })).toHaveCount(0);
  await nav.getByRole('link', { name: new RegExp(message('lv', 'Blog.previousArticle')) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(older.title);
  await expectNoAxeViolations(page);
});

test('ee-et: the guide search updates as one types, and keeps the query in the address', async ({ page }) => {
  const { guides } = localContent('et');
  const target = guides.find((g) => g.slug === 'submit-meter-readings')!;
  // The list shows one page of the guides (all of them while they fit on one: bash scripts/test-scale.sh grows them).
  const firstPage = Math.min(guides.length, LIST_PAGE_ITEMS.guides);
  await page.goto('/ee-et/guides');
  await expect(page.locator('main li h2')).toHaveCount(firstPage);
  const box = page.getByRole('searchbox', { name: message('et', 'Guides.searchLabel') });
  const word = target.title.split(/\s+/)[0]!;
  await box.fill(word.toLowerCase());
  await expect(page.getByRole('link', { name: target.title, exact: true })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(word.toLowerCase());
  await expect(page).toHaveURL(/\?q=/);
  const shown = await page.locator('main li h2').count();
  expect(shown).toBeLessThan(guides.length);

  await box.fill('zzzqqq');
  await expect(page.getByText(message('et', 'Guides.noResultsHelp'))).toBeVisible();
  await box.fill('');
  await expect(page.locator('main li h2')).toHaveCount(firstPage);
  await expectNoAxeViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('cy-en: the guide search works as a plain form', async ({ page }) => {
    await page.goto('/cy-en/guides');
    await page.getByRole('searchbox', { name: message('en', 'Guides.searchLabel') }).fill('CARD');
    await page.getByRole('button', { name: message('en', 'Guides.searchButton') }).click();
    await expect(page).toHaveURL(/\/cy-en\/guides\?q=CARD$/);
    const cardGuide = localContent('en').guides.find((g) => g.slug === 'add-or-update-a-card')!;
    await expect(page.getByRole('link', { name: cardGuide.title, exact: true })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('CARD');
  });

  test('lv-ru: the FAQ search works as a plain form', async ({ page }) => {
    const question = localContent('ru').faq[0]!;
    await page.goto('/lv-ru/faq');
    await page.getByRole('searchbox', { name: message('ru', 'Faq.searchLabel') }).fill(question.question.split(/\s+/).slice(-1)[0]!.replace(/[?.]/g, ''));
    await page.getByRole('button', { name: message('ru', 'Faq.searchButton') }).click();
    await expect(page).toHaveURL(/\/lv-ru\/faq\?q=/);
    await expect(page.getByText(question.question, { exact: true })).toBeVisible();
  });
});

test('cy-el: search the FAQ and step through the questions', async ({ page }) => {
  const { faq } = localContent('el');
  await page.goto('/cy-el/faq');
  // The sections of the FAQ's first page (all of them while it fits on one page; grown, the first ones).
  const firstPage = new Set(faqCategories.flatMap((category) => faq.filter((f) => f.category === category)).slice(0, LIST_PAGE_ITEMS.faq).map((f) => f.category));
  for (const category of ['usingBillme', 'meterReadings', 'mobileApp'].filter((c) => firstPage.has(c as (typeof faqCategories)[number]))) {
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: message('el', `Faq.categories.${category}`) })).toBeVisible();
  }
  const target = faq.find((f) => f.category === 'security')!;
  const word = target.question.split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a)).replace(/[;;?.,«»]/g, '');
  await page.getByRole('searchbox', { name: message('el', 'Faq.searchLabel') }).fill(word.toLocaleUpperCase('el'));
  await page.getByRole('button', { name: message('el', 'Faq.searchButton') }).click();
  await expect(page.getByRole('status')).toBeVisible();
  await expect(page.getByText(target.question, { exact: true })).toBeVisible();

  await page.goto(`/cy-el/faq/${faq[0]!.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(faq[0]!.question);
  await expect(page.locator('main header time')).toBeVisible();
  const nav = page.getByRole('navigation', { name: message('el', 'Faq.questionNav') });
  for (const next of faq.slice(1, 3)) {
    await nav.getByRole('link', { name: new RegExp(message('el', 'Faq.nextQuestion')) }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(next.question);
  }
  await nav.getByRole('link', { name: new RegExp(message('el', 'Faq.previousQuestion')) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(faq[1]!.question);
  await expectNoAxeViolations(page);
});

for (const prefix of ['lv-en', 'ee-et', 'cy-ru']) {
  test(`${prefix}: open a vacancy from the careers page`, async ({ page }) => {
    const edition = editions.find((e) => e.prefix === prefix)!;
    const vacancy = localContent(edition.language).vacancies[0]!;
    await page.goto(`/${prefix}/careers`);
    await page.getByRole('link', { name: vacancy.title, exact: true }).click();
    // A soft navigation to a page not yet rendered: on a busy two-core machine its first render takes seconds.
    await expect(page).toHaveURL(`/${prefix}/careers/${vacancy.slug}`, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(vacancy.title);
    await expect(page.getByRole('heading', { level: 2, name: message(edition.language, 'Careers.requirements') })).toBeVisible();
    await expect(page.getByText(vacancy.requirements[0]!)).toBeVisible();
    // The location is a country now (the facts name no city): the chooser's country names are not it.
    await expect(page.locator('main').getByText(vacancy.location).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('unknown content is the 404 page, in the edition', async ({ request }) => {
  for (const path of ['/lv-en/blog/no-such-article', '/ee-et/guides/nope', '/cy-el/faq/nope', '/lv-ru/careers/nope', '/lv-lv/no-such-page']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain('<h1');
  }
});

test('content links in the text point into the visitor\'s edition', async ({ page }) => {
  await page.goto('/ee-ru/contacts');
  const hrefs = await page.locator('main a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href).toMatch(/^\/ee-ru(\/|$)/);
});

test('the embedded API answers over HTTP, and refuses an unknown language', async ({ request }) => {
  const ok = await request.get('/api/site/articles?lang=et');
  expect(ok.status()).toBe(200);
  expect((await ok.json()).length).toBeGreaterThanOrEqual(6);
  const bad = await request.get('/api/site/guides?lang=de');
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error.code).toBe('unsupported_language');
  expect(await (await request.get('/api/site/page/nope?lang=el')).json()).toEqual([]);
});
