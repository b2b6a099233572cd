import { expect, test, type APIRequestContext } from './fixtures';
import { localContent } from '@/lib/content/local';
import { apiProxyPort, e2eRevalidateSecret, remotePort } from './support/servers';

/**
 * The remote mode: a second server (port + 1) reads its content over HTTP from the main server's
 * embedded API, through a proxy (port + 2) that the tests can make fail, hang or change the content.
 */
const remote = `http://localhost:${remotePort}`;
const api = `http://localhost:${apiProxyPort}`;

test.describe.configure({ mode: 'serial' });

async function setMode(request: APIRequestContext, mode: 'ok' | 'fail' | 'slow' | 'marker') {
  expect((await request.post(`${api}/__mode`, { data: mode })).ok()).toBe(true);
}

async function revalidate(request: APIRequestContext, kind: string, lang: string) {
  const response = await request.post(`${remote}/api/revalidate`, {
    headers: { authorization: `Bearer ${e2eRevalidateSecret}` },
    data: { kind, lang },
  });
  expect(response.status()).toBe(200);
}

async function blogHtml(request: APIRequestContext) {
  const response = await request.get(`${remote}/lv-en/blog`);
  expect(response.status()).toBe(200);
  return response.text();
}

test.afterAll(async ({ request }) => {
  await setMode(request, 'ok');
  await revalidate(request, 'articles', 'en');
});

test('remote mode serves the same pages from the API over HTTP', async ({ request, page }) => {
  await setMode(request, 'ok');
  for (const kind of ['articles', 'guides', 'pages', 'vacancies']) await revalidate(request, kind, 'el');
  const el = localContent('el');
  for (const [path, heading] of [
    [`/cy-el/guides/${el.guides[2]!.slug}`, el.guides[2]!.title],
    [`/cy-el/careers/${el.vacancies[0]!.slug}`, el.vacancies[0]!.title],
    ['/cy-el/privacy-policy', el.pages.find((p) => p.slug === 'privacy-policy')!.title],
  ] as const) {
    await page.goto(`${remote}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
  await page.goto(`${remote}/cy-el/blog`);
  await expect(page.getByRole('link', { name: el.articles[0]!.title })).toBeVisible();
  expect((await request.get(`${remote}/cy-el/blog/no-such-article`)).status()).toBe(404);
  expect((await request.get(`${remote}/cy-el/no-such-page`)).status()).toBe(404);
});

test('page views are served from the cache, without calling the API', async ({ request }) => {
  await setMode(request, 'ok');
  const paths = ['/cy-el/blog', `/cy-el/guides/${localContent('el').guides[0]!.slug}`, '/cy-el/contacts', '/cy-el/careers'];
  for (const path of paths) expect((await request.get(`${remote}${path}`)).status()).toBe(200); // warm
  await request.post(`${api}/__requests`);
  for (let i = 0; i < 3; i++) {
    for (const path of paths) expect((await request.get(`${remote}${path}`)).status()).toBe(200);
  }
  expect(Number(await (await request.get(`${api}/__requests`)).text())).toBe(0);
});

test('the revalidate route needs the secret and a known kind', async ({ request }) => {
  expect((await request.post(`${remote}/api/revalidate`, { data: { kind: 'articles' } })).status()).toBe(401);
  const bad = await request.post(`${remote}/api/revalidate`, {
    headers: { authorization: `Bearer ${e2eRevalidateSecret}` },
    data: { kind: 'passwords' },
  });
  expect(bad.status()).toBe(422);
  // The main server has no secret configured: the route does not exist there.
  expect((await request.post('/api/revalidate', { data: { kind: 'articles' } })).status()).toBe(404);
});

test('a refresh picks up new content, and a failing or hanging API leaves the last good content', async ({ request }) => {
  test.setTimeout(120_000);
  const title = localContent('en').articles[0]!.title;
  const marked = `${title} [updated]`;

  // The API changes its content: after a revalidation the page shows it (stale-while-revalidate, so
  // it may take a request or two).
  await setMode(request, 'marker');
  await revalidate(request, 'articles', 'en');
  await expect.poll(() => blogHtml(request), { timeout: 20_000 }).toContain(marked);

  // The API goes down: refreshing fails, the pages keep the last good content.
  await setMode(request, 'fail');
  await revalidate(request, 'articles', 'en');
  for (let i = 0; i < 4; i++) {
    expect(await blogHtml(request)).toContain(marked);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }

  // The API hangs: pages still answer at once with the last good content.
  await setMode(request, 'slow');
  await revalidate(request, 'articles', 'en');
  for (let i = 0; i < 3; i++) {
    const started = Date.now();
    expect(await blogHtml(request)).toContain(marked);
    expect(Date.now() - started).toBeLessThan(5_000);
  }

  // It comes back: the next refresh restores the real content.
  await setMode(request, 'ok');
  await revalidate(request, 'articles', 'en');
  await expect.poll(() => blogHtml(request), { timeout: 30_000 }).not.toContain(marked);
  expect(await blogHtml(request)).toContain(title);
});
