import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedSource } from '@/lib/content/embedded';
import { remoteSource } from '@/lib/content/remote';
import type { ContentSource } from '@/lib/content/source';
import { languages } from '@/lib/i18n/editions';
import { startEmbeddedApiServer } from './support/embedded-api';

/**
 * The contract: the remote source, pointed over HTTP at the embedded API, returns exactly what the
 * embedded source returns, for every call and language.
 */
let server: Awaited<ReturnType<typeof startEmbeddedApiServer>>;
let remote: ContentSource;

beforeAll(async () => {
  server = await startEmbeddedApiServer();
  remote = remoteSource({ baseUrl: server.baseUrl, revalidate: 60, timeoutMs: 5000 });
});
afterAll(() => server.close());

describe.each(languages)('remote source = embedded source in %s', (lang) => {
  it.each(['articles', 'guides', 'pages', 'vacancies'] as const)('%s', async (kind) => {
    const expected = await embeddedSource[kind](lang);
    expect(expected.length).toBeGreaterThan(0);
    expect(await remote[kind](lang)).toEqual(expected);
  });

  it('page and find-guide', async () => {
    for (const slug of ['terms-and-conditions', 'contacts', 'no-such-page']) {
      expect(await remote.page(slug, lang)).toEqual(await embeddedSource.page(slug, lang));
    }
    const title = (await embeddedSource.guides(lang))[1]!.title;
    for (const text of [title, title.toUpperCase(), 'zzzqqq', 'a/b?c#d']) {
      expect(await remote.findGuide(text, lang)).toEqual(await embeddedSource.findGuide(text, lang));
    }
  });
});
