import { describe, expect, it } from 'vitest';
import { afterFirstPaint, DATA_HEADER, keyMarker } from '@/lib/http/late-scripts.ts';

// A hand-written page in Next's format, for the site's own logic (order, dedupe, keys, the loader). That
// Next really writes this format (assumptions #1-3 of lib/next-adapter/README.md) is held by the contract
// on a real build, tests/next-contract, which also runs this loader against it in Chromium.
const N = 'bm9uY2Utb2YtcmVuZGVy';
const KEY = '0b0e8d63-5f0e-4c2b-9a53-3f1c2d4e5f60';
const page = [
  '<!DOCTYPE html><html><head>',
  `<link rel="stylesheet" href="/_next/static/chunks/a.css" nonce="${N}" data-precedence="next"/>`,
  `<link rel="preload" as="script" fetchPriority="low" nonce="${N}" href="/_next/static/chunks/p.js"/>`,
  `<link rel="preload" href="/fonts/inter.woff2" as="font" type="font/woff2" crossorigin=""/>`,
  `<script src="/_next/static/chunks/one.js" async="" nonce="${N}"></script>`,
  `<script src="/_next/static/chunks/two.js?dpl=x" async="" nonce="${N}"></script>`,
  `<script src="/_next/static/chunks/polyfills.js" noModule="" nonce="${N}"></script>`,
  `<script src="/_next/static/chunks/one.js?dpl=x" nonce="${N}" async=""></script>`,
  `<script src="/_next/static/chunks/two.js" async="" nonce="${N}"></script>`,
  `</head><body><main><h1>Title</h1><form><input type="hidden" name="key" value="${KEY}"/></form></main>`,
  `<script nonce="${N}" id="_R_">(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push({"otherChunks":[]})</script>`,
  `<script nonce="${N}">(self.__next_f=self.__next_f||[]).push([0])</script>`,
  `<script nonce="${N}">self.__next_f.push([1,"0:{\\"nonce\\":\\"${N}\\",\\"key\\":\\"${KEY}\\",\\"tag\\":\\"\\u003c/script\\u003e\\"}\\n"])</script>`,
  '<script type="application/ld+json">{"@type":"Organization"}</script>',
  '</body></html>',
].join('');

/** The loader's code and the arguments it was given. */
function loaderOf(html: string) {
  const loaders = [...html.matchAll(/<script nonce="([^"]+)">(\(function\(s,d\)[\s\S]*?)<\/script>/g)];
  expect(loaders).toHaveLength(1);
  return { nonce: loaders[0]![1], code: loaders[0]![2]!, at: html.indexOf(loaders[0]![0]) };
}

describe('afterFirstPaint', () => {
  const out = afterFirstPaint(page, N, [KEY]);

  it('takes the async chunk scripts, the script preloads and the RSC data out of the HTML', () => {
    expect(out.html).not.toMatch(/<script src="\/_next\/static\/chunks\/(one|two)/);
    expect(out.html).not.toContain('as="script"');
    expect(out.html).not.toMatch(/__next_f\)?\.push\(\[/);
    // What stays: the stylesheet, font preloads, the nomodule polyfills, Turbopack's bootstrap, JSON-LD.
    expect(out.html).toContain('rel="stylesheet"');
    expect(out.html).toContain('as="font"');
    expect(out.html).toContain('polyfills.js" noModule=""');
    expect(out.html).toContain('id="_R_"');
    expect(out.html).toContain('application/ld+json');
  });

  it('keeps the data as JSON, in order, without the nonce, the form keys as markers, and names it by its content', () => {
    expect(JSON.parse(out.data!)).toEqual([[0], [1, `0:{"nonce":"","key":"${keyMarker(1)}","tag":"</script>"}\n`]]);
    expect(out.data).not.toContain(N);
    expect(out.data).not.toContain(KEY);
    expect(out.id).toMatch(/^[\w-]{22}$/);
    // Another render of the same page (its own nonce and key) has the same data and id.
    const other = afterFirstPaint(page.split(N).join('b3RoZXItbm9uY2U=').split(KEY).join('9c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5'), 'b3RoZXItbm9uY2U=', ['9c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5']);
    expect([other.data, other.id]).toEqual([out.data, out.id]);
  });

  it('adds one nonced loader at the end of the body with each file once (with its deployment query), in order, and the data id', () => {
    const loader = loaderOf(out.html);
    expect(loader.nonce).toBe(N);
    expect(out.html.endsWith('</body></html>')).toBe(true);
    expect(loader.at).toBeGreaterThan(out.html.indexOf('application/ld+json'));
    expect(loader.code).toContain(`(["/_next/static/chunks/one.js?dpl=x","/_next/static/chunks/two.js?dpl=x"],"${out.id}")`);
    expect(loader.code).toContain("observe({type:'paint',buffered:true})");
  });

  it('leaves a page without async chunks or without a body as it is', () => {
    const plain = '<html><body><p>x</p><script src="/elsewhere.js" async=""></script></body></html>';
    expect(afterFirstPaint(plain, N)).toEqual({ html: plain, data: null, id: null });
    expect(afterFirstPaint('<p>part', N)).toEqual({ html: '<p>part', data: null, id: null });
  });

  /** Runs the loader against a fake browser; returns what it did. */
  function run(html: string, answer: { ok: boolean; type: string; body: string }) {
    const { code } = loaderOf(html);
    const inserted: string[] = [];
    const fetched: Array<{ url: string; headers: Record<string, string> }> = [];
    let observer: ((list: unknown, o: { disconnect(): void }) => void) | null = null;
    const timers: Array<() => void> = [];
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: typeof observer) {
        observer = callback;
      }
      observe() {}
    }
    type El = { src?: string; href?: string; rel?: string; nonce?: string };
    const document = {
      currentScript: { nonce: N },
      createElement: (tag: string) => ({ tag }) as El & { tag: string },
      head: { appendChild: (e: El & { tag: string }) => inserted.push(e.tag === 'link' ? `preload ${e.href} ${e.nonce}` : `script ${e.src}`) },
      querySelectorAll: () => [{ value: 'own-key-of-this-answer' }],
    };
    const self: { __next_f?: unknown[] } = {};
    const fetch = (url: string, init: { headers: Record<string, string> }) => {
      fetched.push({ url, headers: init.headers });
      return Promise.resolve({ ok: answer.ok, headers: { get: () => answer.type }, text: () => Promise.resolve(answer.body) });
    };
    new Function('PerformanceObserver', 'document', 'setTimeout', 'fetch', 'location', 'self', code)(FakeObserver, document, (f: () => void) => timers.push(f), fetch, { pathname: '/lv-lv/ask-question' }, self);
    const paint = () => {
      observer!([], { disconnect() {} });
      timers.forEach((f) => f());
    };
    return { inserted, fetched, self, paint };
  }

  it('runs: after the first paint it preloads the scripts, fetches the data, fills in the form keys, and then inserts the scripts', async () => {
    const browser = run(out.html, { ok: true, type: 'application/json; charset=utf-8', body: out.data! });
    expect(browser.inserted).toEqual([]);
    browser.paint();
    expect(browser.fetched).toEqual([{ url: '/lv-lv/ask-question', headers: { [DATA_HEADER]: out.id } }]);
    expect(browser.inserted).toEqual([`preload /_next/static/chunks/one.js?dpl=x ${N}`, `preload /_next/static/chunks/two.js?dpl=x ${N}`]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(browser.self.__next_f).toEqual([[0], [1, '0:{"nonce":"","key":"own-key-of-this-answer","tag":"</script>"}\n']]);
    expect(browser.inserted.slice(2)).toEqual(['script /_next/static/chunks/one.js?dpl=x', 'script /_next/static/chunks/two.js?dpl=x']);
  });

  it('runs: without its data (a 409, an HTML answer) the page stays as painted, no script inserted', async () => {
    for (const answer of [
      { ok: false, type: 'text/plain', body: 'changed' },
      { ok: true, type: 'text/html', body: '<!DOCTYPE html>' },
    ]) {
      const browser = run(out.html, answer);
      browser.paint();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(browser.inserted.filter((entry) => entry.startsWith('script'))).toEqual([]);
      expect(browser.self.__next_f).toBeUndefined();
    }
  });

  it('runs: a page without inline data inserts its scripts at the first paint, fetching nothing', () => {
    const bare = afterFirstPaint(page.replace(/<script nonce="[^"]+">[^<]*__next_f[^<]*<\/script>/g, ''), N);
    expect(bare.data).toBeNull();
    const browser = run(bare.html, { ok: true, type: 'application/json', body: '[]' });
    browser.paint();
    expect(browser.fetched).toEqual([]);
    expect(browser.inserted).toEqual(['script /_next/static/chunks/one.js?dpl=x', 'script /_next/static/chunks/two.js?dpl=x']);
  });
});
