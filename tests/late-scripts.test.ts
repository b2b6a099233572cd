import { describe, expect, it } from 'vitest';
import { scriptsAfterFirstPaint } from '@/lib/http/late-scripts.mjs';

const N = 'bm9uY2Utb2YtcmVuZGVy';
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
  '</head><body><main><h1>Title</h1></main>',
  `<script nonce="${N}">self.__next_f.push([1,"<\\/script>"])</script>`,
  '</body></html>',
].join('');

describe('scriptsAfterFirstPaint', () => {
  const out = scriptsAfterFirstPaint(page, N);

  it('takes the async chunk scripts and the script preloads out of the HTML', () => {
    expect(out).not.toMatch(/<script src="\/_next\/static\/chunks\/(one|two)/);
    expect(out).not.toContain('as="script"');
    // What is not an async chunk stays: the stylesheet, font preloads, the nomodule polyfills, inline data.
    expect(out).toContain('rel="stylesheet"');
    expect(out).toContain('as="font"');
    expect(out).toContain('polyfills.js" noModule=""');
    expect(out).toContain('self.__next_f.push(');
  });

  it('adds one nonced loader at the end of the body that inserts each file once (with its deployment query), in order, after the first paint', () => {
    const loaders = [...out.matchAll(/<script nonce="([^"]+)">(\(function\(s\)[\s\S]*?)<\/script>/g)];
    expect(loaders).toHaveLength(1);
    expect(loaders[0]![1]).toBe(N);
    expect(out.indexOf(loaders[0]![0])).toBeGreaterThan(out.indexOf('self.__next_f.push('));
    expect(out.endsWith('</body></html>')).toBe(true);
    expect(loaders[0]![2]).toContain(`["/_next/static/chunks/one.js?dpl=x","/_next/static/chunks/two.js?dpl=x"]`);
    expect(loaders[0]![2]).toContain("observe({type:'paint',buffered:true})");
  });

  it('leaves a page without async chunks or without a body as it is', () => {
    const plain = '<html><body><p>x</p><script src="/elsewhere.js" async=""></script></body></html>';
    expect(scriptsAfterFirstPaint(plain, N)).toBe(plain);
    expect(scriptsAfterFirstPaint('<p>part', N)).toBe('<p>part');
  });

  it('runs: the loader inserts the scripts only after a paint is reported', () => {
    const code = /<script nonce="[^"]+">(\(function\(s\)[\s\S]*?)<\/script>/.exec(out)![1]!;
    const inserted: string[] = [];
    let observer: ((list: unknown, o: { disconnect(): void }) => void) | null = null;
    const timers: Array<() => void> = [];
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: typeof observer) {
        observer = callback;
      }
      observe() {}
    }
    const document = { createElement: () => ({}) as { src?: string }, head: { appendChild: (e: { src: string }) => inserted.push(e.src) } };
    new Function('PerformanceObserver', 'document', 'setTimeout', code)(FakeObserver, document, (f: () => void) => timers.push(f));
    expect(inserted).toEqual([]);
    observer!([], { disconnect() {} });
    timers.forEach((f) => f());
    expect(inserted).toEqual(['/_next/static/chunks/one.js?dpl=x', '/_next/static/chunks/two.js?dpl=x']);
  });
});
