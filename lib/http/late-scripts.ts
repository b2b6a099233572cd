// Scripts after the first paint: the page's own JavaScript runs only once the page has painted.
//
// Next puts its chunks in <head> as `<script async>`: fetched at once and run the moment they arrive,
// often before the stylesheet and the fonts are in, so on a slow phone the first paint waits for the
// evaluation of ~145 KB of JavaScript (Lighthouse counts every such script into the largest paint:
// 2.2 s against 1.4 s for the same page without scripts, issue 31). Every page works without JavaScript
// (forms post, links and the chooser page navigate), so the scripts only enhance what is painted:
// they can wait for it.
//
// `afterFirstPaint` takes those script elements (and React's script preloads) out of the HTML and adds
// one small nonced script at the end of the body that inserts them, in their order, once the browser
// reports its first paint
// (PerformanceObserver 'paint'; at once where that is not supported). Scripts inserted by a nonced
// script are trusted under 'strict-dynamic', so the CSP is unchanged.
//
// The page's RSC data (Next's inline `self.__next_f.push(...)` scripts, 55-60 % of a page's HTML) leaves
// the document too: a phone's first paint needed the whole document, and on the richest home pages the
// data pushed it past the first TCP window (a round trip more, FCP 1.4x the bare page's). It is
// fetched (from the head, below) from the same address with the header `x-billme-data: <id>`
// (the page cache answers it from the same kept entry, lib/http/page-cache.ts), pushes it where Next's
// runtime reads it, and only then inserts the scripts (preloaded meanwhile, so nothing waits longer).
// The data carries no nonce (its stylesheet and error-script nonces are blanked: under 'strict-dynamic'
// what React inserts is trusted without one), and each form's idempotency key is a marker that the
// loader fills from that form's hidden input, so the data is the same for every visitor and the
// keys stay each answer's own. If the data cannot be had, the page stays as painted: it works without
// JavaScript.
//
// Download early where the paint is late, run after the paint (issue 38): on a slow phone the network
// sits idle between the stylesheet and the first paint (the main thread parses and lays out the page for
// most of a second at 4x CPU), so waiting for the paint to even request the scripts put their whole
// download into the gap between paint and a working page. So a small nonced script at the start of the
// head requests the chunks (low-priority preloads, nothing runs) and the data at the first paint, or
// once its stylesheets are in if that is after EARLY_STYLES_MS (a slow network), or if the
// page has not painted after EARLY_FETCH_MS, whichever comes first. The loader still inserts the
// scripts only at the paint, and only once the data is in.
//
// server.ts applies it to the pages its page cache keeps (lib/http/page-cache.ts), before the
// render's nonce is cut out, so every answer of such a page, hit or miss, has it.

import { createHash } from 'node:crypto';
// How Next's chunk scripts, script preloads and inline RSC data look: lib/next-adapter (README.md, assumptions 1-3).
import { chunkFile, chunkSource, INLINE_DATA as DATA, isScriptPreload, LINK_ELEMENT as PRELOAD, SCRIPT_ELEMENT as SCRIPT } from '../next-adapter/html.ts';

/** The request header by which the loader asks for a kept page's data (its value: the data's id). */
export const DATA_HEADER = 'x-billme-data';
/** The marker of the page's n-th form key (from 1) in its data; the loader puts the form's own key there. */
export const keyMarker = (n: number | string): string => `@billme-key-${n}@`;

/** Where the head's part keeps the request for the data (a promise of its text) and its start function. */
const EARLY = '__billmeData';
const START = '__billmeFetch';
/**
 * How long a page may go unpainted before its scripts and data are requested anyway (ms since the
 * navigation started). A page that paints sooner gets them at the paint, so nothing it needs for that
 * paint shares the network with them (this also keeps them out of what Lighthouse's simulation counts
 * into the largest paint). One that has not painted by then is on a slow phone: its stylesheet and
 * fonts are in (0.8 s at 1.6 Mbps/150 ms) and the main thread is still laying out the page, so the
 * network would sit idle until the paint (1.1-1.6 s at CPU 4x).
 */
export const EARLY_FETCH_MS = 1000;
/**
 * Sooner still on a slow network: once the page's stylesheets are in, nothing its first paint waits for
 * is left to download (its fonts are preloaded from the answer's `Link` header, so they start before the
 * stylesheet, and they are `font-display: optional`), and what is left of the wait is the main thread's
 * (parsing and laying out, 0.4-0.6 s at CPU 4x). If that moment comes only after EARLY_STYLES_MS, the
 * network is slow and the scripts and data are requested then, to arrive while the page is laid out (on
 * a phone at 1.6 Mbps the stylesheet is in at about 0.8 s, and the layout's long task would delay the
 * 1 s timer to 1.3 s). On a fast network the stylesheet is in long before, and the paint comes first.
 */
export const EARLY_STYLES_MS = 500;

/** The request for the data, as a JS expression (`d`: its id): its text, or a rejection without it. */
const dataRequest = (d: string): string =>
  `fetch(location.pathname,{headers:{'${DATA_HEADER}':${d}},credentials:'same-origin',priority:'low'}).then(function(r){if(!r.ok||!/json/.test(r.headers.get('content-type')))throw 0;return r.text()})`;

/**
 * What the head gets: a nonced script that, at the first paint or after EARLY_FETCH_MS unpainted,
 * preloads `sources` at low priority and requests the data (with an id), keeping the promise for the
 * loader. It runs no script of the page.
 */
function early(sources: string[], id: string | null, nonce: string): string {
  const args = JSON.stringify([sources, id, EARLY_FETCH_MS, EARLY_STYLES_MS]).slice(1, -1).replace(/</g, '\\u003c');
  // The catch only marks the promise handled (no console error when the data cannot be had); the loader
  // reads its outcome.
  const code =
    `(function(s,d,t,q){var n=document.currentScript&&document.currentScript.nonce,k=0,w,b=[];` +
    `function go(){if(k++)return;clearTimeout(w);s.forEach(function(u){var e=document.createElement('link');e.rel='preload';e.as='script';e.fetchPriority='low';e.href=u;if(n)e.nonce=n;document.head.appendChild(e)});` +
    `if(d)self.${EARLY}=${dataRequest('d')},self.${EARLY}['catch'](function(){})}` +
    `self.${START}=go;w=setTimeout(go,Math.max(0,t-performance.now()));` +
    // Each stylesheet that loads (load events do not bubble: caught on the way down): once every one in
    // the document is in, after q ms, go.
    `document.addEventListener('load',function(e){var l=e.target;if(k||!l||l.tagName!='LINK')return;b.push(l);if(performance.now()<q)return;` +
    `if([].every.call(document.querySelectorAll('link[rel="stylesheet"]'),function(x){return b.indexOf(x)>=0}))go()},true);` +
    `try{new PerformanceObserver(function(l,o){o.disconnect();go()}).observe({type:'paint',buffered:true})}catch(e){}})(${args})`;
  return `<script nonce="${nonce}">${code}</script>`;
}

/**
 * The loader: once the first paint is reported, inserts `sources`; with a data id, first waits for the
 * data (requested by the head's part, or now where that did not run), fills in the form keys, hands it
 * to Next's runtime, then inserts them. JSON in a nonced inline script.
 */
function loader(sources: string[], id: string | null, nonce: string): string {
  const args = JSON.stringify([sources, id]).slice(1, -1).replace(/</g, '\\u003c');
  const code =
    `(function(s,d){var n=document.currentScript&&document.currentScript.nonce,h=document.head,k=0;` +
    `function add(t,u){var e=document.createElement(t);if(t=='link'){e.rel='preload';e.as='script';e.href=u;if(n)e.nonce=n}else{e.src=u;e.async=true}h.appendChild(e)}` +
    `function run(){s.forEach(function(u){add('script',u)})}` +
    `function go(){if(k++)return;if(self.${START})self.${START}();if(!d)return run();var p=self.${EARLY};if(!p){s.forEach(function(u){add('link',u)});p=${dataRequest('d')}}var v=[];` +
    `[].forEach.call(document.querySelectorAll('input[type="hidden"][name="key"]'),function(i){if(v.indexOf(i.value)<0)v.push(i.value)});` +
    `p.then(function(t){var f=self.__next_f=self.__next_f||[];JSON.parse(t.replace(/${keyMarker('(\\d+)')}/g,function(m,i){return v[i-1]||''})).forEach(function(x){f.push(x)});run()})['catch'](function(){})}` +
    `try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')<0)throw 0;new PerformanceObserver(function(l,o){o.disconnect();setTimeout(go)}).observe({type:'paint',buffered:true})}catch(e){go()}})(${args})`;
  return `<script nonce="${nonce}">${code}</script>`;
}

/**
 * The page with its external async scripts, and its RSC data, loaded after the first paint: `{ html,
 * data, id }`. `nonce` is the render's (the page cache replaces it in every answer; it is blanked in the
 * data), `formKeys` the render's idempotency keys (markers in the data). `data` is the JSON the loader
 * fetches and `id` its name (both null when the page has no inline data). A page without async chunk scripts or without
 * `</body>` is returned as it is.
 */
export function afterFirstPaint(html: string, nonce: string, formKeys: string[] = []): { html: string; data: string | null; id: string | null } {
  const end = html.lastIndexOf('</body>');
  if (end < 0) return { html, data: null, id: null };
  const sources: string[] = [];
  let page = html.slice(0, end).replace(SCRIPT, (element: string, attrs: string) => {
    const src = chunkSource(attrs);
    if (!src) return element;
    // One element per file: with a deployment id Next names some chunks both with and without `?dpl=`,
    // and the browser would fetch and run them twice. Turbopack's runtime takes `file?query` for `file`.
    const same = sources.findIndex((known) => chunkFile(known) === chunkFile(src));
    if (same < 0) sources.push(src);
    else if (!sources[same]?.includes('?')) sources[same] = src;
    return '';
  });
  if (sources.length === 0) return { html, data: null, id: null };
  page = page.replace(PRELOAD, (element: string) => (isScriptPreload(element) ? '' : element));
  const pushes: unknown[] = [];
  page = page.replace(DATA, (element: string, argument: string) => {
    pushes.push(JSON.parse(argument));
    return '';
  });
  let data: string | null = null;
  if (pushes.length > 0) {
    data = JSON.stringify(pushes).split(nonce).join('');
    for (const [i, key] of formKeys.entries()) data = data.split(key).join(keyMarker(i + 1));
  }
  const id = data === null ? null : createHash('sha256').update(data).digest('base64url').slice(0, 22);
  // The early part goes right after the charset (which must come within the first 1024 bytes), before
  // the stylesheet: a script after a pending stylesheet would wait for it.
  const headAt = page.indexOf('<head>');
  if (headAt >= 0) {
    const at = headAt + (/^<head>(?:<meta charSet="[^"]*"\/>)?/i.exec(page.slice(headAt))?.[0].length ?? '<head>'.length);
    page = `${page.slice(0, at)}${early(sources, id, nonce)}${page.slice(at)}`;
  }
  return { html: `${page}${loader(sources, id, nonce)}${html.slice(end)}`, data, id };
}
