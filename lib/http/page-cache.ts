// The page cache of the production server (server.ts): rendered HTML of the registry's pages kept in
// this process's memory and served again with a fresh nonce in every response (issue 31).
//
// Why here and not in the proxy or nginx: server.ts is the one layer that runs both under `npm start`
// and on every instance of the cluster, so the cache behaves the same in both; it sits in front of Next,
// so a hit costs no render, no proxy and no React at all; and it sees the finished response (status,
// cookies, headers), which is what decides whether a page may be kept. nginx's proxy_cache + sub_filter
// would exist only in the cluster, and the proxy (proxy.ts) cannot answer with a body it did not render.
//
// The rules (each held by tests/page-cache.test.ts and e2e/page-cache.spec.ts):
// - Only GET and HEAD without a query string, without Next's RSC/router/action headers, are looked up
//   or kept. Of their answers only one the proxy marked as a registry page that shows nothing from the
//   visitor (MARK, set in proxy.ts for the routes of lib/http/cacheable-routes.ts) with status 200, an
//   HTML body and no Set-Cookie is kept. Checkout, form results, the unavailable and error pages are
//   never marked. The edition's cookies are not the page's: server.ts sets them on each answer, kept
//   or rendered, from that request's cookies (lib/i18n/edition-cookies.ts), so a first visit is
//   served from the cache like any other.
// - The key holds everything the HTML depends on: path, scheme (the CSP's upgrade-insecure-requests),
//   the consent cookie (the banner), the build id and the content version. The edition cookies are not
//   in it: e2e/page-cache.spec.ts shows the HTML is the same with any of them or none.
// - The nonce the page was rendered with is cut out of the stored body and headers: every answer, the
//   first one included, gets its own fresh 128-bit nonce in the CSP header and in the HTML.
// - A kept page's scripts and RSC data are requested after its first paint (lib/http/late-scripts.ts):
//   the data is answered from the same entry to a GET of the page's address with `x-billme-data: <id>`;
//   another instance, or an entry gone meanwhile, renders the page again and answers if the id is the
//   same (409 if the page changed: the visitor keeps the painted page, which works without JavaScript).
// - POST /api/revalidate empties the entries of the language it names (lib/content/cache.ts calls
//   `invalidatePages` of lib/handoff.ts, which server.ts set with `setPageCache`), on this instance and, with REDIS_URL, on every other one
//   through a Redis channel. A new build is a new process with an empty cache and a new build id.
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { consentOf } from '../cookie-header.ts';
import { htmlLimitedBot } from '../next-adapter/bots.ts';
import { readBuildId } from '../next-adapter/build.ts';
import { isNextRouterRequest } from '../next-adapter/request-headers.ts';
import { afterFirstPaint, DATA_HEADER } from './late-scripts.ts';
import { PAGE_CACHE_MAX_BYTES } from '../limits.ts';

/** The response header by which the proxy marks a page that may be kept (removed before sending). */
export const MARK = 'x-billme-page-cache';
/** Headers that belong to one transfer, never to a stored answer. */
const DROP = new Set(['date', 'content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'set-cookie', 'etag', MARK]);
/**
 * Request headers that say the request has a body or a body's type. A GET or HEAD with them is not a
 * page view: the render reads the content type (lib/seo/refused.ts: the "Error:" title of a refused post),
 * so such an answer is neither served from nor kept in the cache (issue 37, finding 5).
 */
const BODY_HEADERS = ['content-type', 'content-length', 'transfer-encoding', 'content-encoding'];
/** After a revalidation Next serves the stale copy once while it refreshes: renders in that window are not kept. */
export const SETTLE_MS = 10_000;

/** A fresh 128-bit nonce, base64 like lib/security/csp.ts makes it. */
export function freshNonce() {
  return randomBytes(16).toString('base64');
}

/** The edition's language of a path (`/lv-ru/faq` → `ru`), or '' outside an edition. */
export function languageOf(pathname: string): string {
  return /^\/[a-z]{2}-([a-z]{2})(?:\/|$)/.exec(pathname)?.[1] ?? '';
}

/**
 * The key of a request, or null when it may not be served from or kept in the cache. Everything the
 * render reads is in the key or makes the request uncacheable (issue 37; e2e/cache-differential.spec.ts
 * holds it): the path and scheme, the consent as lib/cookie-header reads it for the render, whether
 * Next renders for an HTML-limited bot (it then puts the metadata in <head> instead of streaming it);
 * a method other than GET/HEAD, a query string, a body or content type, or one of Next's RSC and
 * action headers make it uncacheable.
 */
export function cacheKey(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>, { buildId, version, https }: { buildId: string; version: number | string; https: boolean }): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = req.url ?? '/';
  if (!url.startsWith('/') || url.includes('?') || url.includes('#')) return null;
  if (isNextRouterRequest(req.headers)) return null;
  if (BODY_HEADERS.some((name) => req.headers[name] !== undefined)) return null;
  const bot = htmlLimitedBot(req.headers['user-agent']);
  return JSON.stringify([buildId, version, url, https ? 'https' : 'http', consentOf(req.headers.cookie), bot ? 'bot' : 'browser']);
}

/** Is a finished answer one that may be kept? (the proxy marked it, 200, HTML, no cookie set) */
export function storable(res: ServerResponse): boolean {
  return (
    Boolean(res.getHeader(MARK)) &&
    res.statusCode === 200 &&
    res.getHeader('set-cookie') === undefined &&
    /^text\/html\b/i.test(String(res.getHeader('content-type') ?? '')) &&
    /'nonce-[^']+'/.test(String(res.getHeader('content-security-policy') ?? ''))
  );
}

/** A form's idempotency key (components/forms, components/payments: `<input type="hidden" name="key">`). */
const FORM_KEY = /<input type="hidden" name="key" value="([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/g;

/**
 * A stored answer: the body and headers cut at every value that must be new in each answer: the
 * render's nonce (slot 0) and the idempotency key of each form on the page (two visitors sharing one
 * would have the second one's submission taken for a repeat of the first's).
 */
export type PageCacheEntry = {
  status: number;
  /** The headers as JSON, cut at the render's nonce. */
  headers: string[];
  /** The body cut at its secrets: text, slot, text, …, text (a slot is the secret's index). */
  body: Array<string | number>;
  slots: number;
  data: string | null;
  dataId: string | null;
  language: string;
  at: number;
  bytes: number;
};

export function toEntry(res: ServerResponse, rendered: string, { language, at, lateScripts = true }: { language: string; at: number; lateScripts?: boolean }): PageCacheEntry {
  const nonce = /'nonce-([^']+)'/.exec(String(res.getHeader('content-security-policy')))?.[1] ?? '';
  const keys = [...new Set([...rendered.matchAll(FORM_KEY)].map((m) => m[1] ?? ''))];
  // The page's scripts and data are requested after its first paint (lib/http/late-scripts.ts).
  // Off (LATE_SCRIPTS=off), the page is kept as Next rendered it: scripts and data inline.
  const { html: body, data, id } = lateScripts ? afterFirstPaint(rendered, nonce, keys) : { html: rendered, data: null, id: null };
  const secrets = [nonce, ...keys];
  const headers: OutgoingHttpHeaders = {};
  for (const name of res.getHeaderNames()) if (!DROP.has(name)) headers[name] = res.getHeader(name);
  return { status: res.statusCode, headers: JSON.stringify(headers).split(nonce), body: cut(body, secrets), slots: secrets.length, data, dataId: id, language, at, bytes: body.length + (data?.length ?? 0) };
}

/** A text as [text, slot, text, slot, ..., text], cut at each of `secrets` (slot = its index). */
function cut(text: string, secrets: string[]): Array<string | number> {
  const escaped = secrets.map((secret) => secret.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  const parts = text.split(new RegExp(`(${escaped.join('|')})`));
  return parts.map((part, i) => (i % 2 === 1 ? secrets.indexOf(part) : part));
}

/** An entry's headers and body with a new nonce (and new form keys) in every place the render's were. */
export function withNonce(entry: PageCacheEntry, nonce: string): { headers: Record<string, OutgoingHttpHeader>; body: string; values: string[] } {
  const values = [nonce, ...Array.from({ length: (entry.slots ?? 1) - 1 }, () => randomUUID())];
  const body = entry.body.map((part) => (typeof part === 'number' ? values[part] : part)).join('');
  return { headers: JSON.parse(entry.headers.join(nonce)), body, values };
}

/**
 * The cache. `store` (optional) carries invalidations between instances: `publish(message)` and
 * `subscribe(onMessage, onReconnect)`; without it invalidations stay in this process.
 */
export type Invalidations = { publish(message: { language: string }): void; subscribe(onMessage: (message: { language?: string } | null) => void, onReconnect: () => void): void };
export type PageCacheStats = { hits: number; misses: number; bypasses: number; entries: number; bytes: number };
export type PageCache = {
  handle(req: IncomingMessage, res: ServerResponse, options?: { https?: boolean }): boolean;
  invalidate(language?: string): void;
  setDegraded(degraded: boolean): void;
  stats(): PageCacheStats;
};
type CacheOptions = { buildId?: string; maxBytes?: number; ttlMs?: number; store?: Invalidations | null; now?: () => number; statusHeader?: boolean; lateScripts?: boolean };
type State = 'hit' | 'miss' | 'bypass';
type Write = (chunk?: unknown, encoding?: unknown, callback?: unknown) => unknown;

export function createPageCache({ buildId = 'unbuilt', maxBytes = PAGE_CACHE_MAX_BYTES, ttlMs = 10 * 60_000, store = null, now = Date.now, statusHeader = false, lateScripts = true }: CacheOptions = {}): PageCache {
  /**
   * `x-cache: hit | miss | bypass` only where the operator asks for it (PAGE_CACHE_STATUS=on: the tests,
   * or a trusted proxy that logs and removes it): otherwise anyone could tell whether someone else viewed
   * a page in the last minutes (issue 37, finding 6a).
   */
  const tell = (res: ServerResponse, state: State) => {
    if (statusHeader) res.setHeader('x-cache', state);
  };
  /** key → entry, oldest use first (a Map keeps insertion order: a hit moves its entry to the end). */
  const entries = new Map<string, PageCacheEntry>();
  let bytes = 0;
  /** Content versions: one for everything, one per language; a revalidation moves them on. */
  let everything = 0;
  const versions = new Map<string, number>();
  const versionOf = (url: string) => `${everything}.${versions.get(languageOf(url)) ?? 0}`;
  /** language ('' = all) → until when renders are not kept. */
  const settling = new Map<string, number>();
  /**
   * Is the content API failing (pages come from its last good copies)? No render is kept then, nor in
   * the SETTLE_MS after it answers again: such a page may show the old content, and would go on showing
   * it for the entry's whole life. Pages kept before stay served.
   */
  let degraded = false;
  const stats = { hits: 0, misses: 0, bypasses: 0 };

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  /** Empties this instance's entries of a language (all when none is named). */
  function clearLocal(language: string) {
    if (language) versions.set(language, (versions.get(language) ?? 0) + 1);
    else everything += 1;
    const until = now() + SETTLE_MS;
    settling.set(language || '', until);
    for (const [key, entry] of entries) if (!language || entry.language === language) remove(key);
  }

  store?.subscribe(
    (message) => clearLocal(message?.language ?? ''),
    // A reconnect may have missed a message: start over rather than serve something stale.
    () => clearLocal(''),
  );

  function settlingFor(language: string) {
    const t = now();
    return degraded || (settling.get('') ?? 0) > t || (settling.get(language) ?? 0) > t;
  }

  function put(key: string, entry: PageCacheEntry) {
    if (entry.bytes > maxBytes / 4) return;
    remove(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  /** Writes an entry with a fresh nonce through `res` (its compression and header filters included). */
  function send(req: IncomingMessage, res: ServerResponse, entry: PageCacheEntry, state: State) {
    const { headers, body } = withNonce(entry, freshNonce());
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    tell(res, state);
    res.statusCode = entry.status;
    if (req.method === 'HEAD') res.end();
    else res.end(body);
  }

  /** Answers the loader's request for an entry's data: the data if `id` is the entry's, else (no entry, other data) 409. */
  function sendData(req: IncomingMessage, res: ServerResponse, entry: PageCacheEntry | null, id: string, state: State) {
    res.setHeader('cache-control', 'private, no-store');
    res.setHeader('x-content-type-options', 'nosniff');
    tell(res, state);
    if (!entry?.data || entry.dataId !== id) {
      res.writeHead(409, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The page has changed: load it again.\n');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    if (req.method === 'HEAD') res.end();
    else res.end(entry.data);
  }

  /**
   * Serves a request from the cache (returns true), or hooks `res` so that Next's answer is kept when it
   * may be and, if kept, sent with a fresh nonce (returns false: the caller renders with Next).
   * Call it after the response's other hooks (compression, header filters), so writes go through them.
   */
  function handle(req: IncomingMessage, res: ServerResponse, { https = false }: { https?: boolean } = {}): boolean {
    const key = cacheKey(req, { buildId, version: versionOf(req.url ?? '/'), https });
    const asked = req.headers[DATA_HEADER];
    const wanted = typeof asked === 'string' ? asked : null;
    if (key === null) {
      stats.bypasses += 1;
      tell(res, 'bypass');
      if (wanted === null) return false;
      sendData(req, res, null, wanted, 'bypass');
      return true;
    }
    const found = entries.get(key);
    if (found && now() - found.at < ttlMs) {
      entries.delete(key);
      entries.set(key, found);
      stats.hits += 1;
      if (wanted !== null) sendData(req, res, found, wanted, 'hit');
      else send(req, res, found, 'hit');
      return true;
    }
    if (found) remove(key);
    stats.misses += 1;
    capture(req, res, key, https, wanted);
    return false;
  }

  /**
   * Buffers Next's answer when it is storable; otherwise lets it stream through untouched. `wanted`: the
   * data id of a loader's request, answered from this render (kept or not: a render while settling is
   * not kept, but its data still serves the page the visitor already has).
   */
  function capture(req: IncomingMessage, res: ServerResponse, key: string, https: boolean, wanted: string | null) {
    const started = now();
    const language = languageOf(req.url ?? '/');
    // The response's methods are replaced while Next writes, and put back once it is decided what the
    // answer is. `flush` is the compression middleware's.
    const patched = res as unknown as Record<'writeHead' | 'write' | 'end' | 'flushHeaders' | 'flush', ((...args: unknown[]) => unknown) | undefined>;
    const original = { writeHead: patched.writeHead, write: patched.write, end: patched.end, flushHeaders: patched.flushHeaders, flush: patched.flush };
    const chunks: Buffer[] = [];
    let mode: 'buffer' | 'refuse' | 'pass' | null = null;
    function restore() {
      for (const [name, fn] of Object.entries(original) as [keyof typeof original, (typeof original)[keyof typeof original]][]) if (fn) patched[name] = fn;
    }
    const toBuffer = (chunk: unknown, encoding: unknown) => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    function decide(): 'buffer' | 'refuse' | 'pass' {
      if (mode) return mode;
      const keep = storable(res) && req.method === 'GET' && (wanted !== null || !settlingFor(language)) && cacheKey(req, { buildId, version: versionOf(req.url ?? '/'), https }) === key;
      res.removeHeader(MARK);
      mode = keep ? 'buffer' : wanted !== null ? 'refuse' : 'pass';
      if (mode === 'pass') {
        restore();
        tell(res, 'bypass');
      }
      return mode;
    }
    patched.writeHead = function writeHead(status: unknown, ...rest: unknown[]) {
      res.statusCode = Number(status);
      const headers = rest.find((arg) => arg && typeof arg === 'object');
      if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1] as OutgoingHttpHeader);
      else if (headers) for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders)) if (value !== undefined) res.setHeader(name, value);
      if (decide() === 'pass') return original.writeHead?.call(res, res.statusCode);
      return res;
    };
    patched.flushHeaders = function flushHeaders() {
      if (decide() === 'pass') return original.flushHeaders?.call(res);
    };
    patched.flush = function flush() {
      if (decide() === 'pass' && original.flush) return original.flush.call(res);
    };
    patched.write = function write(...[chunk, encoding, callback]: Parameters<Write>) {
      if (decide() === 'pass') return original.write?.call(res, chunk, encoding, callback);
      if (chunk && mode === 'buffer') chunks.push(toBuffer(chunk, encoding));
      if (typeof encoding === 'function') encoding();
      else if (typeof callback === 'function') callback();
      return true;
    };
    patched.end = function end(...[chunk, encoding, callback]: Parameters<Write>) {
      if (decide() === 'pass') return original.end?.call(res, chunk, encoding, callback);
      if (chunk && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
      restore();
      if (mode === 'refuse') {
        // The loader asked for the data of a page that is no longer one that can be kept.
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        sendData(req, res, null, wanted ?? '', 'bypass');
        return res;
      }
      const entry = toEntry(res, Buffer.concat(chunks).toString('utf8'), { language, at: started, lateScripts });
      // Kept only if no revalidation came while it was rendering (it may show the old content).
      if (!settlingFor(language) && cacheKey(req, { buildId, version: versionOf(req.url ?? '/'), https }) === key) put(key, entry);
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      if (wanted !== null) sendData(req, res, entry, wanted, 'miss');
      else send(req, res, entry, 'miss');
      return res;
    };
  }

  return {
    handle,
    /** The app reports whether its content API is failing (lib/handoff.ts `contentDegraded`). */
    setDegraded(value: boolean) {
      if (degraded && !value) settling.set('', now() + SETTLE_MS);
      degraded = Boolean(value);
    },
    /** Empties the entries of a language (all when none), here and on every other instance. */
    invalidate(language = '') {
      clearLocal(language);
      store?.publish({ language });
    },
    stats: () => ({ ...stats, entries: entries.size, bytes }),
  };
}

/**
 * Invalidations through Redis pub/sub (the cluster): one connection publishes, one listens. Redis down:
 * nothing is published, and every instance empties its cache when its listener connects again.
 */
export async function redisInvalidations(url: string, { channel = 'billme:page-cache' }: { channel?: string } = {}): Promise<Invalidations> {
  const { createClient } = await import('redis');
  const options = { url, socket: { reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 5000) } };
  const publisher = createClient({ ...options, disableOfflineQueue: true });
  const listener = createClient(options);
  for (const client of [publisher, listener]) client.on('error', () => undefined);
  publisher.connect().catch(() => undefined);
  return {
    publish(message) {
      if (publisher.isReady) publisher.publish(channel, JSON.stringify(message)).catch(() => undefined);
    },
    subscribe(onMessage, onReconnect) {
      let connectedBefore = false;
      listener.on('ready', () => {
        if (connectedBefore) onReconnect();
        connectedBefore = true;
      });
      listener
        .connect()
        .then(() =>
          listener.subscribe(channel, (raw: string) => {
            try {
              onMessage(JSON.parse(raw));
            } catch {
              onReconnect();
            }
          }),
        )
        .catch(() => undefined);
    },
  };
}

/**
 * The cache server.ts uses: keyed by the build's id (`.next/BUILD_ID`), invalidated through Redis when
 * REDIS_URL is set. server.ts hands it to the app (lib/handoff.ts `setPageCache`) for POST /api/revalidate.
 * Disabled, it is a cache that keeps nothing.
 */
export async function startPageCache({ distDir, enabled = true, redisUrl = '', statusHeader = false, lateScripts = true }: { distDir: string; enabled?: boolean; redisUrl?: string; statusHeader?: boolean; lateScripts?: boolean }): Promise<PageCache> {
  if (!enabled) {
    // Off, it keeps nothing, but still removes the proxy's mark (an internal header) from every answer.
    const handle = (req: IncomingMessage, res: ServerResponse) => {
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
      res.writeHead = ((...args: unknown[]) => {
        res.removeHeader(MARK);
        return writeHead(...args);
      }) as ServerResponse['writeHead'];
      return false;
    };
    const off: PageCache = { handle, invalidate: () => undefined, setDegraded: () => undefined, stats: () => ({ hits: 0, misses: 0, bypasses: 0, entries: 0, bytes: 0 }) };
    return off;
  }
  // No build id (a development run): entries are still this process's own.
  const buildId = readBuildId(distDir) ?? 'unbuilt';
  const store = redisUrl ? await redisInvalidations(redisUrl) : null;
  const cache = createPageCache({ buildId, store, statusHeader, lateScripts });
  return cache;
}
