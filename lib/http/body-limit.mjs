// Request bodies in the production server (server.ts), read with bounded memory.
//
// Every body is read here before Next sees it, under three limits, and replayed to Next from memory with
// a Content-Length (so Next and the proxy never meet a chunked body of unknown size):
//
// 1. The route's own limit, known from the method and path before a byte is read: 64 KB for a page's
//    form, the CV's 5 MB and a margin for a job application, a few KB for the small API forms. A body
//    that declares more, or sends more, is refused (413) without being kept.
// 2. Methods a route does not take are refused (405) before the body is read: POST /api/health with
//    5.8 MB costs nothing.
// 3. One budget for all bodies held at once, whatever their routes: when it is spent, a request is
//    answered 503 with Retry-After instead of being buffered (a flood of large posts cannot take the
//    memory of a server that still has pages to serve). Bytes are released when the response ends.
//
// A refused body is read and discarded (bounded in size and time) before the answer, so that a client
// still sending gets the answer instead of a reset connection; a client that asked `Expect: 100-continue`
// is refused without sending anything. Plain JavaScript: server.ts runs before any TypeScript is compiled.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { CV_POST_MAX_BYTES, FORM_POST_MAX_BYTES } from '../limits.ts';
import { tooLargePage } from './too-large-page.ts';

/** A form posted to a page (server actions): its text fields; what the proxy also allows (lib/limits.ts). */
export const PAGE_BODY_LIMIT = FORM_POST_MAX_BYTES;
/** A job application: the CV and the form's fields around it (lib/limits.ts). */
export const APPLICATION_BODY_LIMIT = CV_POST_MAX_BYTES;
/** Small form posts of the API (consent, cancel, revalidate). */
const SMALL_FORM = 8 * 1024;
/** The JSON form endpoints (lib/submissions/api.ts MAX_JSON_BYTES, lib/limits.ts). */
const JSON_FORM = FORM_POST_MAX_BYTES;
/**
 * Bytes of request bodies held at once across all requests: three job applications at a time. Next and
 * the proxy make two or three more copies of a body while they work on it, so this is about 60 MB of
 * memory at most (scripts/perf/body-memory.mjs measures it).
 */
export const BUFFER_BUDGET = 16 * 1024 * 1024;
/** What Retry-After says when the budget is spent: bodies are held for seconds, not minutes. */
const RETRY_AFTER_SECONDS = 10;
/** A refused body is read and discarded up to this much, or this long; then the connection is cut. */
const DRAIN_LIMIT = 32 * 1024 * 1024;
const DRAIN_MS = 10_000;

/**
 * Timeouts of the HTTP server, chosen rather than Node's defaults (300 s for a request): the headers
 * within 15 s, the whole request, body included, within 120 s (a 5.5 MB application over a slow
 * 0.5 Mbit/s line takes about 90 s), checked every 5 s.
 */
export const SERVER_OPTIONS = { requestTimeout: 120_000, headersTimeout: 15_000, connectionsCheckingInterval: 5_000 };

const EDITION = '(?:lv|ee|cy)-(?:lv|en|ru|et|el)';
const APPLICATION_PAGE = new RegExp(`^/${EDITION}/careers/[^/]+$`);
const NO_BODY = { GET: 0, HEAD: 0, OPTIONS: 0 };

/**
 * The API routes (app/api/**\/route.ts) with the methods they answer and the body each accepts, in
 * bytes. tests/body-limit.test.ts checks this table against the route files. An /api path not listed
 * (a route added later) takes a body of up to 64 KB with any method, and Next answers as it does.
 */
export const API_ROUTES = {
  '/api/health': NO_BODY,
  '/api/health/ready': NO_BODY,
  '/api/og': NO_BODY,
  '/api/search/guides': NO_BODY,
  '/api/site/articles': NO_BODY,
  '/api/site/guides': NO_BODY,
  '/api/site/pages': NO_BODY,
  '/api/site/vacancies': NO_BODY,
  '/api/site/page/[slug]': NO_BODY,
  '/api/site/find-guide/[text]': NO_BODY,
  '/api/site/ask-question': { POST: JSON_FORM, OPTIONS: 0 },
  '/api/site/business-start': { POST: JSON_FORM, OPTIONS: 0 },
  '/api/consent': { POST: SMALL_FORM, OPTIONS: 0 },
  '/api/payments/cancel': { POST: SMALL_FORM, OPTIONS: 0 },
  '/api/revalidate': { POST: SMALL_FORM, OPTIONS: 0 },
};
const apiPatterns = Object.entries(API_ROUTES).map(([route, methods]) => ({
  pattern: new RegExp(`^${route.replace(/\[[^\]]+\]/g, '[^/]+')}$`),
  methods,
}));

/**
 * What a request may send, known from its method, path and content type alone: `{ limit }` in bytes, or
 * the 405 of a method its route does not take, with the methods it does. Only a multipart form can
 * carry a CV, so only a multipart post to a vacancy gets the application's limit.
 * @param {string} method
 * @param {string} url
 * @param {string} [contentType]
 * @returns {{ limit: number } | { status: 405, allow: string[] }}
 */
export function bodyRule(method, url, contentType = '') {
  const pathname = (url.split('?')[0] || '/').replace(/(.)\/+$/, '$1');
  let methods;
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    methods = apiPatterns.find(({ pattern }) => pattern.test(pathname))?.methods;
    if (!methods) return { limit: JSON_FORM };
  } else if (pathname.startsWith('/_next/')) {
    methods = { GET: 0, HEAD: 0 };
  } else {
    // Pages (and the site's files, which the proxy passes on): forms post to their own page.
    const application = APPLICATION_PAGE.test(pathname) && /^multipart\/form-data/i.test(contentType);
    methods = { GET: 0, HEAD: 0, POST: application ? APPLICATION_BODY_LIMIT : PAGE_BODY_LIMIT };
  }
  const limit = methods[method];
  if (limit === undefined) return { status: 405, allow: Object.keys(methods).filter((m) => m !== 'OPTIONS' || method === 'OPTIONS') };
  return { limit };
}

/** Does the request carry a body at all? */
function hasBody(req) {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** The same request with its body replayed from memory and a Content-Length. */
function replay(req, body) {
  const copy = new http.IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  copy.headers = { ...req.headers, 'content-length': String(body.length) };
  delete copy.headers['transfer-encoding'];
  copy.rawHeaders = Object.entries(copy.headers).flatMap(([name, value]) => [name, String(value)]);
  // Complete: destroying a finished message must not take the shared socket with it.
  copy.complete = true;
  copy.push(body);
  copy.push(null);
  return copy;
}

/**
 * Reads and discards the rest of a refused body, then answers. Bounded: a sender that goes on past
 * DRAIN_LIMIT or DRAIN_MS is cut off without an answer. Nothing read is kept.
 */
function drain(req, answer) {
  let drained = 0;
  let answered = false;
  const once = () => {
    clearTimeout(timer);
    if (answered) return;
    answered = true;
    answer();
  };
  const timer = setTimeout(() => req.destroy(), DRAIN_MS);
  timer.unref();
  req.removeAllListeners('data');
  req.on('data', (chunk) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT) req.destroy();
  });
  req.on('end', once);
  req.on('close', () => clearTimeout(timer));
  if (req.readableEnded) once();
  else req.resume();
}

/**
 * The guard of server.ts. `root` is where messages/<lang>.json are (the refusals are shown in the
 * language of the path's edition).
 * @param {{ root: string, budget?: number }} options
 */
export function createBodyGuard({ root, budget = BUFFER_BUDGET }) {
  const forms = Object.fromEntries(
    ['lv', 'en', 'ru', 'et', 'el'].map((lang) => [lang, JSON.parse(fs.readFileSync(path.join(root, 'messages', `${lang}.json`), 'utf8')).Forms]),
  );
  let held = 0;
  /** Requests that sent `Expect: 100-continue` and wait for a go-ahead before their body. */
  const waiting = new WeakSet();

  /** A refusal in the edition's language (a page), or as JSON for the API; `connection: close`. */
  function refusal(req, res, status, extra = {}) {
    const pathname = (req.url ?? '/').split('?')[0];
    // An edition prefix such as `ee-et` names the locale `et-EE` (lib/i18n/editions.ts); else en-LV.
    const [, country = 'lv', lang = 'en'] = /^\/(lv|ee|cy)-(lv|en|ru|et|el)(?:[/?]|$)/.exec(req.url ?? '') ?? [];
    const message = status === 413 ? forms[lang].formErrors.tooLarge : forms[lang].formErrors.unavailable;
    const api = pathname === '/api' || pathname.startsWith('/api/');
    const body = api
      ? JSON.stringify({ error: { code: status === 413 ? 'too_large' : 'busy', message } })
      : tooLargePage({ status, lang: `${lang}-${country.toUpperCase()}`, message, back: forms[lang].tryAgain, path: pathname });
    const type = api ? 'application/json' : 'text/html; charset=utf-8';
    const csp = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', connection: 'close', ...(api ? {} : { 'content-security-policy': csp }), ...extra });
    res.end(body);
  }
  function methodRefusal(res, allow) {
    res.writeHead(405, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', allow: allow.join(', '), connection: 'close' });
    res.end('Method not allowed\n');
  }

  /** The refusal a request gets from its headers alone, or null when its body may be read. */
  function early(req) {
    const rule = bodyRule(req.method ?? 'GET', req.url ?? '/', req.headers['content-type']);
    if ('status' in rule) return (res) => methodRefusal(res, rule.allow);
    if (Number(req.headers['content-length'] ?? 0) > rule.limit) return (res) => refusal(req, res, 413);
    return null;
  }

  /**
   * Reads the request's body under its limits. Resolves with the request to hand to Next (the same one
   * when it has no body, else a replay with a Content-Length), or null when it was answered here.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @returns {Promise<import('node:http').IncomingMessage | null>}
   */
  function guard(req, res) {
    const refuse = early(req);
    if (refuse) {
      // A client waiting for 100 Continue has sent no body: it is answered at once.
      if (hasBody(req) && !waiting.has(req)) drain(req, () => refuse(res));
      else refuse(res);
      return Promise.resolve(null);
    }
    if (!hasBody(req)) return Promise.resolve(req);
    if (waiting.has(req)) res.writeContinue();
    const { limit } = /** @type {{ limit: number }} */ (bodyRule(req.method ?? 'GET', req.url ?? '/', req.headers['content-type']));
    return new Promise((resolve) => {
      const chunks = [];
      let size = 0;
      let settled = false;
      const release = () => {
        held -= size;
        size = 0;
      };
      const stop = (status, extra) => {
        settled = true;
        chunks.length = 0;
        release();
        drain(req, () => refusal(req, res, status, extra));
        resolve(null);
      };
      req.on('data', (chunk) => {
        if (settled) return;
        if (size + chunk.length > limit) return stop(413);
        if (held + chunk.length > budget) return stop(503, { 'retry-after': String(RETRY_AFTER_SECONDS) });
        size += chunk.length;
        held += chunk.length;
        chunks.push(chunk);
      });
      req.on('end', () => {
        if (settled) return;
        settled = true;
        const body = Buffer.concat(chunks);
        chunks.length = 0;
        // Held until the answer is sent: Next keeps its own copy of the body while it works on it.
        res.once('close', release);
        resolve(replay(req, body));
      });
      req.on('error', () => {
        if (settled) return;
        settled = true;
        release();
        resolve(null);
      });
      req.on('close', () => {
        if (!settled) {
          settled = true;
          release();
          resolve(null);
        }
      });
    });
  }

  /**
   * The server's `checkContinue` listener for `Expect: 100-continue`: the request goes to `handler`, and
   * its guard either refuses it from the headers alone, before the client sends its body, or tells it
   * to go on.
   * @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void} handler
   */
  function checkContinue(handler) {
    return (req, res) => {
      waiting.add(req);
      handler(req, res);
    };
  }

  return { guard, checkContinue, held: () => held };
}
