// Scripts after the first paint: the page's own JavaScript is requested only once the page has painted.
//
// Next puts its chunks in <head> as `<script async>`: fetched at once and run the moment they arrive,
// often before the stylesheet and the fonts are in, so on a slow phone the first paint waits for the
// evaluation of ~145 KB of JavaScript (Lighthouse counts every such script into the largest paint:
// 2.2 s against 1.4 s for the same page without scripts, issue 31). Every page works without JavaScript
// (forms post, links and the chooser page navigate), so the scripts only enhance what is painted:
// they can wait for it.
//
// `scriptsAfterFirstPaint` takes those script elements (and React's script preloads) out of the HTML
// and adds one small nonced script that inserts them, in their order, once the browser reports its first
// paint (PerformanceObserver 'paint'; at once where that is not supported). Scripts inserted by a nonced
// script are trusted under 'strict-dynamic', so the CSP is unchanged. Inline scripts (the page's RSC
// data) stay where they are: they only queue data for the runtime.
//
// server.mjs applies it to the pages its page cache keeps (lib/http/page-cache.mjs), before the
// render's nonce is cut out, so every answer of such a page, hit or miss, has it.

const SCRIPT = /<script\b([^>]*)><\/script>/gi;
const PRELOAD = /<link\b[^>]*>/gi;
const attribute = (attrs, name) => new RegExp(`(?:^|\\s)${name}(?:="([^"]*)")?(?=\\s|$|/)`, 'i').exec(attrs);

/** The loader: inserts `sources` once the first paint is reported (JSON in a nonced inline script). */
function loader(sources, nonce) {
  const list = JSON.stringify(sources).replace(/</g, '\\u003c');
  const code =
    `(function(s){var d=0;function go(){if(d++)return;s.forEach(function(u){var e=document.createElement('script');e.src=u;e.async=true;document.head.appendChild(e)})}` +
    `try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')<0)throw 0;new PerformanceObserver(function(l,o){o.disconnect();setTimeout(go)}).observe({type:'paint',buffered:true})}catch(e){go()}})(${list})`;
  return `<script nonce="${nonce}">${code}</script>`;
}

/**
 * The page with its external async scripts loaded after the first paint. `nonce` is the render's (the
 * page cache replaces it in every answer). A page without such scripts or without `</body>` is returned
 * as it is.
 */
export function scriptsAfterFirstPaint(html, nonce) {
  const end = html.lastIndexOf('</body>');
  if (end < 0) return html;
  const sources = [];
  let page = html.slice(0, end).replace(SCRIPT, (element, attrs) => {
    const src = attribute(attrs, 'src')?.[1];
    if (!src || !attribute(attrs, 'async') || attribute(attrs, 'nomodule') || !src.startsWith('/_next/static/')) return element;
    // One element per file: with a deployment id Next names some chunks both with and without `?dpl=`,
    // and the browser would fetch and run them twice. Turbopack's runtime takes `file?query` for `file`.
    const same = sources.findIndex((known) => known.split('?')[0] === src.split('?')[0]);
    if (same < 0) sources.push(src);
    else if (!sources[same].includes('?')) sources[same] = src;
    return '';
  });
  if (sources.length === 0) return html;
  page = page.replace(PRELOAD, (element) => {
    const attrs = element.slice('<link'.length);
    return attribute(attrs, 'rel')?.[1] === 'preload' && attribute(attrs, 'as')?.[1] === 'script' ? '' : element;
  });
  return `${page}${loader(sources, nonce)}${html.slice(end)}`;
}
