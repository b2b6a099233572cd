// Next's HTML as the site reads it (README.md, assumptions 1-3): the inline RSC data, the chunk
// scripts and React's script preloads, and the `?dpl=` chunk names of a build with a deployment id.
// lib/http/late-scripts.ts takes these out of a kept page and loads them after its first paint.
// Erasable TypeScript only: server.ts loads it through Node's type stripping.

/** Where Next's build files are served (its chunks among them). */
export const STATIC_PREFIX = '/_next/static/';
/** The global the client runtime reads the page's RSC data from (assumption 1). */
export const NEXT_DATA_GLOBAL = '__next_f';
/** Any `<script …></script>` without inline code: Next's chunks among them (assumption 2). */
export const SCRIPT_ELEMENT = /<script\b([^>]*)><\/script>/gi;
/** Any `<link …>`: React's script preloads among them (assumption 2). */
export const LINK_ELEMENT = /<link\b[^>]*>/gi;
/**
 * Next's inline RSC data (assumption 1): `<script>(self.__next_f=self.__next_f||[]).push([0])</script>`,
 * `<script>self.__next_f.push([1,"…"])</script>`. Group 1: the pushed value, JSON.
 */
export const INLINE_DATA = /<script\b[^>]*>(?:\(self\.__next_f=self\.__next_f\|\|\[\]\)|self\.__next_f)\.push\(([\s\S]*?)\)<\/script>/g;

/** An attribute of an element's attribute text: the match (group 1: its value), or null. */
export const attribute = (attrs: string, name: string): RegExpExecArray | null => new RegExp(`(?:^|\\s)${name}(?:="([^"]*)")?(?=\\s|$|/)`, 'i').exec(attrs);

/** The source of one of Next's chunk scripts (`<script src="/_next/static/…" async>`, not nomodule), from its attribute text; else null. */
export function chunkSource(attrs: string): string | null {
  const src = attribute(attrs, 'src')?.[1];
  if (!src || !attribute(attrs, 'async') || attribute(attrs, 'nomodule') || !src.startsWith(STATIC_PREFIX)) return null;
  return src;
}

/** Is a `<link …>` element React's preload of a script? */
export function isScriptPreload(element: string): boolean {
  const attrs = element.slice('<link'.length);
  return attribute(attrs, 'rel')?.[1] === 'preload' && attribute(attrs, 'as')?.[1] === 'script';
}

/**
 * The file a chunk's address names (assumption 3): with a deployment id Next names some chunks both
 * `x.js` and `x.js?dpl=…`, and Turbopack's runtime takes `file?query` for `file`.
 */
export const chunkFile = (src: string): string => src.split('?')[0] ?? src;

/** The values a page's inline RSC data pushes, in order (assumption 1). */
export function inlineData(html: string): unknown[] {
  return [...html.matchAll(INLINE_DATA)].map((match) => JSON.parse(match[1] ?? 'null'));
}

/** The chunk script sources of a page, in order (assumption 2). */
export function chunkSources(html: string): string[] {
  return [...html.matchAll(SCRIPT_ELEMENT)].map((match) => chunkSource(match[1] ?? '')).filter((src): src is string => src !== null);
}
