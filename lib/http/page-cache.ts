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
//   visitor (MARK, set in proxy.ts for the routes lib/routes.ts calls cacheable) with status 200, an
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
import { isNextRouterRequest } from '../next-adapter/request-headers.ts';
import { afterFirstPaint, DATA_HEADER } from './late-scripts.ts';
import { cachePath } from './cache-url.ts';
import { PAGE_CACHE_MAX_BYTES } from '../limits.ts';
import { securityHeaders } from './security-headers.ts';
// The response header by which the proxy marks a page that may be kept (removed before sending).
import { PAGE_CACHE_MARK as MARK } from '../handoff.ts';
/**
 * Headers that belong to one transfer, never to a stored answer. The request id is the request's own:
 * kept, it was replayed to every visitor the page was served to (issue 47, finding 5).
 */
const DROP = new Set(['date', 'content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'set-cookie', 'etag', 'x-request-id', MARK]);
/**
 * Headers server.ts set on the response before Next ran (the request id, the security headers but the
 * CSP, which the page's render replaced): kept when Next's are cleared.
 */
const OWN = ['x-request-id', ...Object.keys(securityHeaders({ https: true })).filter((name) => name !== 'content-security-policy')];
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
  return /^\/[a-z]{2}-([a-z]{2})(?:[/?]|$)/.exec(pathname)?.[1] ?? '';
}

/**
 * The key of a request, or null when it may not be served from or kept in the cache. Everything the
 * render reads is in the key or makes the request uncacheable (issue 37; e2e/cache-differential.spec.ts
 * holds it): the path and scheme, the consent as lib/cookie-header reads it for the render, whether
 * Next renders for an HTML-limited bot (it then puts the metadata in <head> instead of streaming it);
 * a method other than GET/HEAD, a query string other than tracking parameters, a body or content type,
 * or one of Next's RSC and action headers make it uncacheable.
 */
export function cacheKey(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>, { buildId, version, https, notFound = null }: { buildId: string; version: number | string; https: boolean; notFound?: string | null }): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  // Tracking parameters are not the page's (lib/http/cache-url.ts): `?utm_source=…` is kept as the page.
  const url = cachePath(req.url ?? '/');
  if (url === null) return null;
  if (isNextRouterRequest(req.headers)) return null;
  if (BODY_HEADERS.some((name) => req.headers[name] !== undefined)) return null;
  const bot = htmlLimitedBot(req.headers['user-agent']);
  // An edition's 404 page is one page for every missing path of its section (`notFound`, a NOT_FOUND mark).
  return JSON.stringify([buildId, version, notFound ?? url, https ? 'https' : 'http', consentOf(req.headers.cookie), bot ? 'bot' : 'browser']);
}

/**
 * The mark the proxy sets on an edition's 404 page (issue 47: a flood of made-up paths rendered one 404
 * each): `404 <edition prefix> [<section>]` (a header value: no trailing space), the section being the main navigation's entry the path lies
 * under (its link is marked current on the page), or none. Every missing path with one mark gets the
 * same page, so it is kept once under the mark, and server.ts asks the app's `missingPage` (lib/handoff.ts)
 * for the mark of a path the cache does not hold before Next is asked.
 */
export const notFoundMark = (prefix: string, section: string) => (section ? `404 ${prefix} ${section}` : `404 ${prefix}`);
/**
 * The paths of an edition whose 404 may be kept and served for them: segments of unreserved characters,
 * no dot segments, no trailing slash (which Next redirects), so a path is written the same in HTML and
 * in JSON, and nothing else of the request is in the page.
 */
export const PLAIN_PATH = /^\/[a-z]{2}-[a-z]{2}(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9._~-]+)+$/;
const isNotFoundMark = (mark: string) => /^404 [a-z]{2}-[a-z]{2}(?: \/[a-z0-9-]+)?$/.test(mark);
/** The path whose language and content version a key of `url` or of a 404 mark follows. */
const keyedPath = (url: string, notFound: string | null) => (notFound ? `/${notFound.split(' ')[1]}` : url);

/** Is this a page view the cache may serve or keep (whether or not it holds it, or is on)? */
export const isPageView = (req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>) => cacheKey(req, { buildId: '', version: 0, https: false }) !== null;

/** Is a finished answer one that may be kept? (the proxy marked it, 200 or its edition's 404, HTML, no cookie set) */
export function storable(res: ServerResponse): boolean {
  const mark = String(res.getHeader(MARK) ?? '');
  return (
    (mark === '1' ? res.statusCode === 200 : isNotFoundMark(mark) && res.statusCode === 404) &&
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
  /**
   * An edition's 404 (kept for every missing path of its section): the places the path it was rendered
   * for was written (the edition chooser's form), as templates of the path (\0) and the path in the
   * edition (\1), in the last slots. Its RSC data names that path too, where Next's router reads the
   * browser's own address instead.
   */
  paths?: string[];
  data: string | null;
  dataId: string | null;
  language: string;
  at: number;
  bytes: number;
};

/** Where a page writes its own address (components/layout's edition chooser form), as templates. */
const PATH_FORMS = ['value="{path}"', 'action="{path}"', 'value="p{path}"', 'value="{rest}"'];
const fillPath = (template: string, path: string) => template.replace('{path}', path).replace('{rest}', path.replace(/^\/[^/]+/, '') || '/');

export function toEntry(res: ServerResponse, rendered: string, { language, at, lateScripts = true, path }: { language: string; at: number; lateScripts?: boolean; path?: string }): PageCacheEntry | null {
  const nonce = /'nonce-([^']+)'/.exec(String(res.getHeader('content-security-policy')))?.[1] ?? '';
  const keys = [...new Set([...rendered.matchAll(FORM_KEY)].map((m) => m[1] ?? ''))];
  // The page's scripts and data are requested after its first paint (lib/http/late-scripts.ts).
  // Off (LATE_SCRIPTS=off), the page is kept as Next rendered it: scripts and data inline.
  const { html: body, data, id } = lateScripts ? afterFirstPaint(rendered, nonce, keys) : { html: rendered, data: null, id: null };
  const paths = path === undefined ? [] : PATH_FORMS;
  const secrets = [nonce, ...keys, ...paths.map((form) => fillPath(form, path ?? ''))];
  const headers: OutgoingHttpHeaders = {};
  for (const name of res.getHeaderNames()) if (!DROP.has(name)) headers[name] = res.getHeader(name);
  const parts = cut(body, secrets);
  // A 404 is kept only when its path is nowhere else in it: another missing path must not show this one.
  if (path !== undefined && parts.some((part) => typeof part === 'string' && (part.includes(path) || part.includes(`"${fillPath('{rest}', path)}"`)))) return null;
  return { status: res.statusCode, headers: JSON.stringify(headers).split(nonce), body: parts, slots: secrets.length, ...(paths.length ? { paths } : {}), data, dataId: id, language, at, bytes: body.length + (data?.length ?? 0) };
}

/** A text as [text, slot, text, slot, ..., text], cut at each of `secrets` (slot = its index). */
function cut(text: string, secrets: string[]): Array<string | number> {
  const escaped = secrets.map((secret) => secret.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  const parts = text.split(new RegExp(`(${escaped.join('|')})`));
  return parts.map((part, i) => (i % 2 === 1 ? secrets.indexOf(part) : part));
}

/** An entry's headers and body with a new nonce (and new form keys) in every place the render's were. */
export function withNonce(entry: PageCacheEntry, nonce: string, path = ''): { headers: Record<string, OutgoingHttpHeader>; body: string; values: string[] } {
  const paths = (entry.paths ?? []).map((form) => fillPath(form, path));
  const values = [nonce, ...Array.from({ length: (entry.slots ?? 1) - 1 - paths.length }, () => randomUUID()), ...paths];
  const body = entry.body.map((part) => (typeof part === 'number' ? values[part] : part)).join('');
  return { headers: JSON.parse(entry.headers.join(nonce)), body, values };
}

/**
 * The cache. `store` (optional) carries invalidations between instances: `publish(message)` and
 * `subscribe(onMessage, onReconnect)`; without it invalidations stay in this process.
 */
export type Invalidations = { publish(message: { language: string }): void; subscribe(onMessage: (message: { language?: string } | null) => void, onReconnect: () => void): void };
/** What the metrics read (lib/observability/cache-metrics.ts: billme_page_cache_lookups_total) and its size. */
export type PageCacheStats = { hits: number; misses: number; bypasses: number; entries: number; bytes: number };
export type PageCache = {
  handle(req: IncomingMessage, res: ServerResponse, options?: { https?: boolean; notFound?: string | null }): boolean;
  /** Would `handle` go to Next for this request (a page request the cache holds nothing for)? */
  misses(req: IncomingMessage, options?: { https?: boolean }): boolean;
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
    const { headers, body } = withNonce(entry, freshNonce(), (req.url ?? '/').split('?')[0]);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    tell(res, state);
    res.statusCode = entry.status;
    if (req.method === 'HEAD') res.end();
    else res.end(body);
  }

  /** Answers the loader's request for an entry's data: the data if `id` is the entry's, else (no entry, other data) 409. */
  function sendData(req: IncomingMessage, res: ServerResponse, entry: PageCacheEntry | null, id: string, state: State, https = false) {
    // The closed set of a data answer, also where Next's headers were cleared (a miss: issue 47, finding 7).
    for (const [name, value] of Object.entries(securityHeaders({ https }))) if (!res.hasHeader(name)) res.setHeader(name, value);
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
  function handle(req: IncomingMessage, res: ServerResponse, { https = false, notFound = null }: { https?: boolean; notFound?: string | null } = {}): boolean {
    const key = cacheKey(req, { buildId, version: versionOf(req.url ?? '/'), https });
    const asked = req.headers[DATA_HEADER];
    const wanted = typeof asked === 'string' ? asked : null;
    if (key === null) {
      stats.bypasses += 1;
      tell(res, 'bypass');
      if (wanted === null) return false;
      sendData(req, res, null, wanted, 'bypass', https);
      return true;
    }
    // A path the app says is missing (server.ts asked it: `notFound`) is answered with its edition's 404.
    const missingKey = notFound && isNotFoundMark(notFound) ? cacheKey(req, { buildId, version: versionOf(keyedPath('', notFound)), https, notFound }) : null;
    const fresh = (entry: PageCacheEntry | undefined) => (entry && now() - entry.at < ttlMs ? entry : undefined);
    const found = fresh(entries.get(key)) ?? (missingKey ? fresh(entries.get(missingKey)) : undefined);
    if (found) {
      const at = entries.get(key) === found ? key : missingKey!;
      entries.delete(at);
      entries.set(at, found);
      stats.hits += 1;
      if (wanted !== null) sendData(req, res, found, wanted, 'hit', https);
      else send(req, res, found, 'hit');
      return true;
    }
    if (entries.has(key)) remove(key);
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
    // The content version the render began with: a revalidation while it renders means it is not kept.
    const version = versionOf(req.url ?? '/');
    const unchanged = () => !settlingFor(language) && versionOf(req.url ?? '/') === version;
    /** Where the answer is kept: the page's key, or its edition's 404 (the proxy's mark says which). */
    let keepAs = key;
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
      const mark = String(res.getHeader(MARK) ?? '');
      // An edition's 404 only ever for a path of that edition (its language is the path's).
      const notFound = isNotFoundMark(mark) && (req.url ?? '').startsWith(`${keyedPath('', mark)}/`) ? mark : null;
      keepAs = (notFound ? cacheKey(req, { buildId, version, https, notFound }) : key) ?? key;
      // Only a render without a query is kept: the RSC data names the query it was rendered for (Next's
      // router keys its segment cache on it), and a tracked visit is served the clean page's.
      const keep = storable(res) && (mark === '1' || notFound !== null) && req.method === 'GET' && !(req.url ?? '').includes('?') && (wanted !== null || !settlingFor(language)) && versionOf(req.url ?? '/') === version;
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
      // What server.ts set before Next ran stays: the request id and, for a data answer, its security headers.
      const own = OWN.map((name) => [name, res.getHeader(name)] as const).filter(([, value]) => value !== undefined);
      const clear = (keep: readonly (readonly [string, OutgoingHttpHeader | number | undefined])[]) => {
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        for (const [name, value] of keep) res.setHeader(name, value as OutgoingHttpHeader);
      };
      const requestId = own.filter(([name]) => name === 'x-request-id');
      if (mode === 'refuse') {
        // The loader asked for the data of a page that is no longer one that can be kept.
        clear(own);
        sendData(req, res, null, wanted ?? '', 'bypass', https);
        return res;
      }
      const rendered = Buffer.concat(chunks).toString('utf8');
      // An edition's 404 is kept with its path cut out (served to every missing path of its section).
      const path = (req.url ?? '/').split('?')[0]!;
      const asNotFound = keepAs !== key && PLAIN_PATH.test(path) ? toEntry(res, rendered, { language, at: started, lateScripts, path }) : null;
      const entry = asNotFound ?? toEntry(res, rendered, { language, at: started, lateScripts })!;
      // Kept only if no revalidation came while it was rendering (it may show the old content).
      if (unchanged() && (keepAs === key || asNotFound)) put(keepAs, entry);
      // A data answer gets the closed security set (not the page's CSP); a page its own headers from the entry.
      clear(wanted !== null ? own : requestId);
      if (wanted !== null) sendData(req, res, entry, wanted, 'miss', https);
      else send(req, res, entry, 'miss');
      return res;
    };
  }

  function misses(req: IncomingMessage, { https = false }: { https?: boolean } = {}): boolean {
    const key = cacheKey(req, { buildId, version: versionOf(req.url ?? '/'), https });
    const entry = key === null ? undefined : entries.get(key);
    return key !== null && !(entry && now() - entry.at < ttlMs);
  }

  return {
    handle,
    misses,
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
