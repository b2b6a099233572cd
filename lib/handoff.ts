// The handoffs between the production server (server.ts) and the app, named in one place.
//
// server.ts starts Next inside its own process, and Next loads the app as several bundles (the proxy,
// the pages, the route handlers, instrumentation.ts), each with its own copy of every module. What they
// must share lives in one process-wide table here, under one well-known symbol, instead of loose
// `globalThis.__billme…` properties: the database, the outbox's handlers and worker, the content
// copies, and what server.ts hands the app.
//
// Erasable TypeScript only, so that server.ts (run by Node without a compiler) imports the same file.
import { OG_CACHE_ENTRIES } from './limits.ts';
import { setNewest } from './newest-map.ts';

const TABLE = Symbol.for('billme.process');
/** The one place the site touches globalThis (eslint.config.mjs forbids it anywhere else). */
const holder = globalThis as unknown as { [TABLE]?: Map<string, unknown> };

/** The process-wide value `name`, made by `create` on first use (the same object in every bundle). */
export function processValue<T>(name: string, create: () => T): T {
  const table = (holder[TABLE] ??= new Map());
  if (!table.has(name)) table.set(name, create());
  return table.get(name) as T;
}

/** Forgets a process-wide value (a closed database; tests). */
export function dropProcessValue(name: string): void {
  holder[TABLE]?.delete(name);
}

/** What server.ts hands the app: the page cache as far as the app uses it. */
export type PageCacheHandle = { invalidate(language?: string): void; setDegraded(degraded: boolean): void };
/** The app's answer to "is this path one of an edition's missing pages?": its 404 mark, or null. */
export type MissingPages = (pathname: string) => Promise<string | null>;
type ServerHandoff = { clientHeader: string | null; shutdown: (() => Promise<void> | void)[]; pageCache?: PageCacheHandle; missingPages?: MissingPages };

const server = () => processValue<ServerHandoff>('server', () => ({ clientHeader: null, shutdown: [] }));

/**
 * server.ts: the client's address (from the socket, or from the trusted proxy's X-Forwarded-For
 * entry) travels to the app in a request header whose name is random per process, so no client can
 * send it. Setting it also tells the app that server.ts is in front (see `serverGuarantees`).
 */
export function setClientHeader(name: string): void {
  server().clientHeader = name;
}

/** The header name server.ts put the client's address in, or null when the app runs without it. */
export function clientHeader(): string | null {
  return server().clientHeader;
}

/** The app: work to do on SIGTERM once the requests in flight are done (the outbox, the database). */
export function onShutdown(task: () => Promise<void> | void): void {
  server().shutdown.push(task);
}

/** server.ts on SIGTERM: runs the app's shutdown work, last registered first. */
export async function runShutdown(): Promise<void> {
  const tasks = server().shutdown.splice(0).reverse();
  for (const task of tasks) {
    try {
      await task();
    } catch (error) {
      console.error('[shutdown]', error);
    }
  }
}

/** server.ts: its page cache (lib/http/page-cache.ts), which the app empties on a revalidation. */
export function setPageCache(cache: PageCacheHandle): void {
  server().pageCache = cache;
}

/** The app (lib/content/cache.ts): empties the kept pages of a language on every instance (none without server.ts). */
export function invalidatePages(language: string): void {
  server().pageCache?.invalidate(language);
  // A sharing image shows a page's title, which may have changed with it.
  sharingImages().clear();
}

/**
 * The sharing images the app answered (app/api/og), by the query as the route reads it (`locale`,
 * `path`), at most OG_CACHE_ENTRIES: server.ts serves these itself, before Next and before the
 * per-client count of new ones (issue 47, finding 4: a crawler following every page's og:image).
 */
const sharingImages = () => processValue('sharing-images', () => new Map<string, Uint8Array>());
const imageKey = (locale: string | null, path: string | null) => JSON.stringify([locale, path ?? '']);

/** A sharing image's answer headers, from the app or from server.ts alike. */
export const SHARING_IMAGE_HEADERS = Object.freeze({ 'content-type': 'image/png', 'cache-control': 'public, max-age=86400, immutable' });

/** The app (app/api/og): an image it answered 200 for this query. */
export function keepSharingImage(locale: string | null, path: string | null, png: Uint8Array): void {
  setNewest(sharingImages(), imageKey(locale, path), png, OG_CACHE_ENTRIES);
}

/** server.ts: the image kept for this query, or null (Next draws it, or answers from its own cache). */
export function sharingImage(locale: string | null, path: string | null): Uint8Array | null {
  const images = sharingImages();
  const key = imageKey(locale, path);
  const png = images.get(key);
  if (png) setNewest(images, key, png, OG_CACHE_ENTRIES);
  return png ?? null;
}

/** The app (lib/content/cache.ts): whether its content API is failing, so the page cache keeps no page then. */
export function contentDegraded(degraded: boolean): void {
  server().pageCache?.setDegraded(degraded);
}

/**
 * The app (instrumentation.ts): how server.ts learns, before asking Next, that a path is a missing page
 * of an edition, so that its page cache answers the edition's kept 404 (lib/http/page-cache.ts,
 * `notFoundMark`; the proxy marks the 404 it renders with the same function, lib/site/missing-pages.ts).
 */
export function setMissingPages(lookup: MissingPages): void {
  server().missingPages = lookup;
}

/** server.ts: the 404 mark of `pathname`, or null (a page, not an edition's path, unknown, or no app yet). */
export async function missingPageMark(pathname: string): Promise<string | null> {
  const lookup = server().missingPages;
  if (!lookup) return null;
  try {
    return await lookup(pathname);
  } catch {
    return null; // Next decides, as without the cache
  }
}

/**
 * The proxy asks for a status in this response header (503 while content is unavailable) because a
 * Next rewrite always answers 200; server.ts applies it when the head is written and removes the
 * header. Without server.ts the header is never applied.
 */
export const STATUS_HEADER = 'x-billme-status' as const;

/**
 * The proxy marks, in this response header, a page server.ts's page cache may keep (a route the table
 * calls cacheable, lib/routes.ts); server.ts removes it before the answer leaves (lib/http/page-cache.ts).
 */
export const PAGE_CACHE_MARK = 'x-billme-page-cache' as const;

/** The status the proxy asked for in `headers` (a 4xx or 5xx), else null. */
export function requestedStatus(value: unknown): number | null {
  const status = Number(value);
  return Number.isInteger(status) && status >= 400 && status < 600 ? status : null;
}

/**
 * What the app loses when it runs without server.ts (`next start`, another host): empty when
 * server.ts is in front. instrumentation.ts logs them once at start-up.
 */
export function missingGuarantees(): string[] {
  if (clientHeader()) return [];
  return [
    'client addresses are not trusted: every visitor shares one rate-limit key',
    `the proxy's statuses are not applied (${STATUS_HEADER}): the unavailable page answers 200 instead of 503`,
    'chunked request bodies are not limited before Next reads them',
    'SIGTERM does not let the outbox settle the row it holds',
  ];
}
