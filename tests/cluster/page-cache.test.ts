import { describe, expect, it } from 'vitest';
import { cluster } from './support';

/**
 * The page cache (lib/http/page-cache.ts) on three instances: a revalidation through one of them empties
 * the kept pages of the other two (Redis channel), and each instance then serves the new content; a page's
 * RSC data, fetched after its first paint (lib/http/late-scripts.ts), is answered by any instance.
 */
const [a, b, c] = cluster.instances as [string, string, string];
// The Greek articles: the other cluster test revalidates the English ones.
const returning = { cookie: 'BILLME_COUNTRY=cy; BILLME_LOCALE=el-CY' };
const view = async (url: string) => {
  const response = await fetch(`${url}/cy-el/blog`, { headers: returning });
  return { state: response.headers.get('x-cache'), updated: (await response.text()).includes('[updated]') };
};

describe('the page cache in the cluster', () => {
  it('a revalidation on one instance empties the kept pages of every instance', async () => {
    for (const url of [b, c]) expect((await view(url)).updated).toBe(false);
    for (const url of [b, c]) {
      // An instance whose content API call failed moments ago (one restarted by the observability test,
      // whose first call timed out while it started) keeps no page for 10 s after it answers again.
      let state = null;
      for (let i = 0; i < 80 && state !== 'hit'; i++) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, 250));
        state = (await view(url)).state;
      }
      expect(state, `${url} keeps the page`).toBe('hit');
    }
    await fetch(`http://localhost:${cluster.apiPort}/__mode`, { method: 'POST', body: 'marker' });
    try {
      const answer = await fetch(`${a}/api/revalidate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${cluster.secret}` },
        body: JSON.stringify({ kind: 'articles', lang: 'el' }),
      });
      expect(answer.status).toBe(200);
      for (const url of [b, c]) {
        // The kept copy is gone at once (no hit of the old page), and the new content arrives.
        let seen = await view(url);
        for (let i = 0; i < 5 && seen.state === 'hit'; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          seen = await view(url);
        }
        expect(seen.state, `${url} no longer serves the old copy`).not.toBe('hit');
        for (let i = 0; i < 60 && !seen.updated; i++) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          seen = await view(url);
        }
        expect(seen.updated, url).toBe(true);
      }
    } finally {
      await fetch(`http://localhost:${cluster.apiPort}/__mode`, { method: 'POST', body: 'ok' });
    }
  });

  it("a page's data is answered by every instance, not only the one that sent the page", async () => {
    // A visitor of the Russian edition (a cookie of another edition would be rewritten: set-cookie, not kept).
    const russian = { cookie: 'BILLME_COUNTRY=cy; BILLME_LOCALE=ru-CY' };
    const html = await (await fetch(`${a}/cy-ru/ask-question`, { headers: russian })).text();
    const key = /name="key" value="([^"]+)"/.exec(html)![1]!;
    const id = /,"([\w-]{22})"\)<\/script><\/body>/.exec(html)![1]!;
    for (const url of [a, b, c]) {
      const data = await fetch(`${url}/cy-ru/ask-question`, { headers: { ...russian, 'x-billme-data': id } });
      expect(data.status, url).toBe(200);
      const body = await data.text();
      expect(body).toContain('@billme-key-1@');
      expect(body).not.toContain(key);
    }
  });
});
