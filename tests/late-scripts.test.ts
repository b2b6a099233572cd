import { describe, expect, it } from 'vitest';
import { afterFirstPaint, DATA_HEADER, EARLY_FETCH_MS, EARLY_STYLES_MS, keyMarker } from '@/lib/http/late-scripts.ts';

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

  /** Runs the head's part in a fake browser: its preloads, its request and how to fire its paint and its timer. */
  function runHead(html: string, start = 300) {
    let now = start;
    const head = html.slice(0, html.indexOf('<link rel="stylesheet"'));
    const early = /<script nonce="([^"]+)">(\(function\(s,d,t,q\)[\s\S]*?)<\/script>/.exec(head);
    expect(early?.[1]).toBe(N);
    const inserted: string[] = [];
    const fetched: Array<{ url: string; init: unknown }> = [];
    const self: { __billmeData?: Promise<string>; __billmeFetch?: () => void } = {};
    let paint: (() => void) | null = null;
    let timer: { f: () => void; ms: number } | null = null;
    class FakeObserver {
      constructor(callback: (list: unknown, o: { disconnect(): void }) => void) {
        paint = () => callback([], { disconnect() {} });
      }
      observe() {}
    }
    type El = { rel?: string; as?: string; href?: string; nonce?: string; fetchPriority?: string };
    // The page's two stylesheets, and the listener for their load events.
    const links = [{ tagName: 'LINK', rel: 'stylesheet' }, { tagName: 'LINK', rel: 'stylesheet' }];
    let onLoad: ((event: { target: unknown }) => void) | null = null;
    const document = {
      currentScript: { nonce: N },
      addEventListener: (type: string, listener: (event: { target: unknown }) => void, capture: boolean) => {
        expect([type, capture]).toEqual(['load', true]);
        onLoad = listener;
      },
      querySelectorAll: (selector: string) => {
        expect(selector).toBe('link[rel="stylesheet"]');
        return links;
      },
      createElement: () => ({}) as El,
      head: { appendChild: (e: El) => inserted.push(`${e.rel} ${e.as} ${e.fetchPriority} ${e.href} ${e.nonce}`) },
    };
    const fetch = (url: string, init: unknown) => {
      fetched.push({ url, init });
      return Promise.resolve({ ok: true, headers: { get: () => 'application/json' }, text: () => Promise.resolve('[]') });
    };
    new Function('PerformanceObserver', 'document', 'setTimeout', 'clearTimeout', 'performance', 'fetch', 'location', 'self', early![2]!)(
      FakeObserver,
      document,
      (f: () => void, ms: number) => (timer = { f, ms }),
      () => undefined,
      { now: () => now },
      fetch,
      { pathname: '/lv-lv' },
      self,
    );
    return {
      at: html.indexOf(early![0]),
      inserted,
      fetched,
      self,
      paint: () => paint!(),
      timer: () => timer!,
      /** The i-th link loads at `at` ms. */
      load: (i: number, at: number) => {
        now = at;
        onLoad!({ target: links[i] });
        onLoad!({ target: { tagName: 'IMG' } });
      },
    };
  }

  it('puts a nonced script at the start of the head, before the stylesheet, that fetches nothing before the paint', () => {
    const head = runHead(out.html);
    expect(head.at).toBe('<!DOCTYPE html><html><head>'.length);
    expect(head.inserted).toEqual([]);
    expect(head.fetched).toEqual([]);
  });

  it('at the first paint preloads each file once at low priority and requests the data, keeping the promise', async () => {
    const head = runHead(out.html);
    head.paint();
    head.paint();
    expect(head.inserted).toEqual([`preload script low /_next/static/chunks/one.js?dpl=x ${N}`, `preload script low /_next/static/chunks/two.js?dpl=x ${N}`]);
    expect(head.fetched).toEqual([{ url: '/lv-lv', init: { headers: { [DATA_HEADER]: out.id }, credentials: 'same-origin', priority: 'low' } }]);
    await expect(head.self.__billmeData).resolves.toBe('[]');
  });

  it(`does so without a paint once the page has been loading for ${EARLY_FETCH_MS} ms (a slow phone), and only once`, () => {
    const head = runHead(out.html, 300);
    expect(head.timer().ms).toBe(EARLY_FETCH_MS - 300);
    head.timer().f();
    expect(head.inserted).toHaveLength(2);
    expect(head.fetched).toHaveLength(1);
    head.paint();
    head.self.__billmeFetch!();
    expect(head.inserted).toHaveLength(2);
    expect(head.fetched).toHaveLength(1);
  });

  it(`does so once the stylesheets are all in, if that is after ${EARLY_STYLES_MS} ms (a slow network)`, () => {
    const head = runHead(out.html, 100);
    head.load(0, EARLY_STYLES_MS + 200);
    expect(head.fetched).toHaveLength(0); // the second is not in yet
    head.load(1, EARLY_STYLES_MS + 300);
    expect(head.inserted).toHaveLength(2);
    expect(head.fetched).toHaveLength(1);
  });

  it(`waits for the paint when the stylesheets are in before ${EARLY_STYLES_MS} ms (a fast network)`, () => {
    const head = runHead(out.html, 50);
    head.load(1, 100);
    head.load(0, EARLY_STYLES_MS - 1);
    expect(head.fetched).toHaveLength(0);
    head.paint();
    expect(head.fetched).toHaveLength(1);
  });

  it('puts the head part after the charset, which must stay within the first 1024 bytes', () => {
    const withCharset = afterFirstPaint(page.replace('<head>', '<head><meta charSet="utf-8"/>'), N, [KEY]);
    expect(withCharset.html.startsWith(`<!DOCTYPE html><html><head><meta charSet="utf-8"/><script nonce="${N}">(function(s,d,t,q)`)).toBe(true);
  });

  it('leaves a page without async chunks or without a body as it is', () => {
    const plain = '<html><body><p>x</p><script src="/elsewhere.js" async=""></script></body></html>';
    expect(afterFirstPaint(plain, N)).toEqual({ html: plain, data: null, id: null });
    expect(afterFirstPaint('<p>part', N)).toEqual({ html: '<p>part', data: null, id: null });
  });

  /** Runs the loader against a fake browser; returns what it did. */
  function run(html: string, answer: { ok: boolean; type: string; body: string }, early?: Promise<string>, start?: () => void) {
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
    const self: { __next_f?: unknown[]; __billmeData?: Promise<string>; __billmeFetch?: () => void } = early ? { __billmeData: early, __billmeFetch: start } : {};
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

  it('runs: with the early part in the head, it starts its requests at the paint (if not yet), waits for its data and preloads nothing again', async () => {
    let started = 0;
    const browser = run(out.html, { ok: true, type: 'application/json', body: out.data! }, Promise.resolve(out.data!), () => started++);
    browser.paint();
    expect(started).toBe(1);
    expect(browser.fetched).toEqual([]);
    expect(browser.inserted).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(browser.self.__next_f).toEqual([[0], [1, '0:{"nonce":"","key":"own-key-of-this-answer","tag":"</script>"}\n']]);
    expect(browser.inserted).toEqual(['script /_next/static/chunks/one.js?dpl=x', 'script /_next/static/chunks/two.js?dpl=x']);
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
