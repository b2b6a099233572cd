// Request bodies in the production server (server.ts), read with bounded memory.
//
// Every body is read here before Next sees it, under these limits, and replayed to Next from memory with
// a Content-Length (so Next and the proxy never meet a chunked body of unknown size):
//
// 1. The route's own limit, known from the method and path before a byte is read: 64 KB for a page's
//    form, the CV's 5 MB and a margin for a job application, a few KB for the small API forms. A body
//    that declares more, or sends more, is refused (413) without being kept.
// 2. Methods a route does not take are refused (405) before the body is read: POST /api/health with
//    5.8 MB costs nothing.
// 3. One budget for all bodies held at once (lib/limits.ts BODY_BUDGET_BYTES), and in it a share per
//    client (BODY_CLIENT_SHARE_BYTES, by the same client key as the rate limits: an IPv4 address or an
//    IPv6 /64) and a reserve only the payment provider's notifications may use. One client over its share
//    gets 429; when the budget is spent, 503; both with Retry-After. One client alone can never spend
//    what another's post needs. Bytes are released when the response ends.
// 4. A body must keep coming (BODY_MIN_WINDOW_BYTES in every BODY_WINDOW_MS), or it is cut with 408: a
//    stalled or trickling upload gives its bytes back within seconds.
// 5. A form post (multipart or urlencoded) is parsed as it arrives, with limits on its fields, files,
//    parts and field sizes (@fastify/busboy): a post of 100,000 empty fields is refused (400) after its
//    65th field, before the rest of it is read and before Next or the proxy parse anything.
//
// A refused body is read and discarded (bounded in size and time) before the answer, so that a client
// still sending gets the answer instead of a reset connection; a client that asked `Expect: 100-continue`
// is refused without sending anything. TypeScript that Node runs directly (type stripping): relative
// imports carry their extension and nothing here uses a `@/` path.
import fs from 'node:fs';
import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerOptions, type ServerResponse } from 'node:http';
import path from 'node:path';
import { Busboy, type BusboyInstance } from '@fastify/busboy';
import {
  BODY_BUDGET_BYTES,
  BODY_CLIENT_SHARE_BYTES,
  BODY_LINGER_BYTES,
  BODY_LINGER_MS,
  BODY_MIN_WINDOW_BYTES,
  BODY_WINDOW_MS,
  CV_POST_MAX_BYTES,
  FORM_FIELD_MAX_BYTES,
  FORM_FIELD_NAME_MAX_BYTES,
  FORM_MAX_FIELDS,
  FORM_MAX_FILES,
  FORM_PART_HEADER_PAIRS,
  FORM_POST_MAX_BYTES,
  NOTIFY_RESERVE_BYTES,
  SMALL_POST_MAX_BYTES,
} from '../limits.ts';
import { clientGroup } from '../client-group.ts';
import { tooLargePage } from './too-large-page.ts';

/** A form posted to a page (server actions): its text fields; what the proxy also allows (lib/limits.ts). */
export const PAGE_BODY_LIMIT = FORM_POST_MAX_BYTES;
/** A job application: the CV and the form's fields around it (lib/limits.ts). */
export const APPLICATION_BODY_LIMIT = CV_POST_MAX_BYTES;
/** Small form posts of the API (consent, pay, cancel, revalidate) and the payment notification (lib/limits.ts). */
const SMALL_FORM = SMALL_POST_MAX_BYTES;
/** The JSON form endpoints (lib/submissions/api.ts MAX_JSON_BYTES, lib/limits.ts). */
const JSON_FORM = FORM_POST_MAX_BYTES;
/** Kept under its old name for the tests and scripts that read it. */
export const BUFFER_BUDGET = BODY_BUDGET_BYTES;
/** The endpoint with its own reserve of the budget: a paid order must not be lost to a flood. */
const NOTIFY_PATH = '/api/payments/notify';
/** What Retry-After says when the budget or a client's share is spent: bodies are held for seconds. */
const RETRY_AFTER_SECONDS = 10;

/**
 * Timeouts of the HTTP server, chosen rather than Node's defaults (300 s for a request): the headers
 * within 15 s, the whole request, body included, within 120 s (a 5.5 MB application over a slow
 * 0.5 Mbit/s line takes about 90 s), checked every 5 s.
 */
export const SERVER_OPTIONS: ServerOptions = { requestTimeout: 120_000, headersTimeout: 15_000, connectionsCheckingInterval: 5_000 };

const EDITION = '(?:lv|ee|cy)-(?:lv|en|ru|et|el)';
const APPLICATION_PAGE = new RegExp(`^/${EDITION}/careers/[^/]+$`);
type Methods = Readonly<Record<string, number>>;
const NO_BODY: Methods = { GET: 0, HEAD: 0, OPTIONS: 0 };

/**
 * The API routes (app/api/**\/route.ts) with the methods they answer and the body each accepts, in
 * bytes. tests/body-limit.test.ts checks this table against the route files. An /api path not listed
 * (a route added later) takes a body of up to 64 KB with any method, and Next answers as it does.
 */
export const API_ROUTES: Readonly<Record<string, Methods>> = {
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
  '/api/payments/pay': { POST: SMALL_FORM, OPTIONS: 0 },
  '/api/payments/notify': { POST: SMALL_FORM },
  '/api/revalidate': { POST: SMALL_FORM, OPTIONS: 0 },
};
const apiPatterns = Object.entries(API_ROUTES).map(([route, methods]) => ({
  pattern: new RegExp(`^${route.replace(/\[[^\]]+\]/g, '[^/]+')}$`),
  methods,
}));

export type BodyRule = { limit: number } | { status: 405; allow: string[] };

/** The path of a request's URL, without its query or a trailing slash (the routes' rules and server.ts). */
export const pathOf = (url: string) => (url.split('?')[0] || '/').replace(/(.)\/+$/, '$1');

/**
 * What a request may send, known from its method, path and content type alone: `{ limit }` in bytes, or
 * the 405 of a method its route does not take, with the methods it does. Only a multipart form can
 * carry a CV, so only a multipart post to a vacancy gets the application's limit.
 */
export function bodyRule(method: string, url: string, contentType = ''): BodyRule {
  const pathname = pathOf(url);
  let methods: Methods | undefined;
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
function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** The same request with its body replayed from memory and a Content-Length. */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new http.IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  const headers: IncomingHttpHeaders = { ...req.headers, 'content-length': String(body.length) };
  delete headers['transfer-encoding'];
  copy.headers = headers;
  copy.rawHeaders = Object.entries(headers).flatMap(([name, value]) => [name, String(value)]);
  // Complete: destroying a finished message must not take the shared socket with it.
  copy.complete = true;
  copy.push(body);
  copy.push(null);
  return copy;
}

/** Closes a connection whose request is answered but whose body never ended, a moment after the answer. */
function closeAfter(req: IncomingMessage, res: ServerResponse): void {
  res.once('finish', () => setTimeout(() => req.socket.destroy(), 1_000).unref());
}

/**
 * Ends a refused request whose body is still coming (HTTP's close after an early answer). The answer was
 * written whole, with its Content-Length, but the response is left open: the client reads it while it
 * still sends. At most BODY_LINGER_BYTES more of the body are read and thrown away, then reading stops;
 * the response is ended (and Node closes the connection, `Connection: close`) when the body is over or
 * BODY_LINGER_MS after the answer, whichever is first. A refused body costs its first chunk and at most
 * BODY_LINGER_BYTES, never the megabytes it announced (issue 37: a field bomb's 5.3 MB were all read).
 */
function linger(req: IncomingMessage, res: ServerResponse): void {
  let read = 0;
  const close = () => {
    clearTimeout(timer);
    if (!res.writableEnded) res.end();
  };
  const timer = setTimeout(close, BODY_LINGER_MS);
  timer.unref();
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    read += chunk.length;
    // Not closed at once: a reset right after the answer could overtake it on a real network.
    if (read > BODY_LINGER_BYTES) req.pause();
  });
  req.on('end', close);
  req.on('close', () => clearTimeout(timer));
  if (req.readableEnded) close();
  else req.resume();
}

const FORM_TYPE = /^(?:multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

/**
 * Counts a form post's parts as its bytes arrive, before the parser sees them: the multipart delimiters
 * (`--<boundary>`, the closing one included) or the urlencoded `&`, with Buffer.indexOf, which is native
 * and costs microseconds per chunk. Returns a function that says, for each chunk, whether the post now
 * has more parts than any form of the site; null for a body that is not a form (or has no boundary,
 * which the parser refuses). Without it the parser would read a bomb's whole first chunk, about 1,300
 * parts in 64 KB and 5 ms of CPU, before its limit stopped it.
 */
export function partCounter(type: string): ((chunk: Buffer) => boolean) | null {
  const multipart = /^multipart\/form-data\b.*?;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(type);
  const urlencoded = /^application\/x-www-form-urlencoded\b/i.test(type);
  if (!multipart && !urlencoded) return null;
  const needle = Buffer.from(multipart ? `--${multipart[1] ?? multipart[2]}` : '&');
  // Each part opens with a delimiter and the last one closes the post; urlencoded fields are separated by `&`.
  const most = multipart ? FORM_MAX_FIELDS + FORM_MAX_FILES + 1 : FORM_MAX_FIELDS;
  let count = 0;
  const keep = needle.length - 1;
  /** The body's last `keep` bytes so far: a delimiter may be cut between chunks. */
  let tail = Buffer.alloc(0);
  return (chunk) => {
    if (tail.length > 0) {
      // Only the delimiters that begin in the tail: those within the chunk are counted next.
      const seam = Buffer.concat([tail, chunk.subarray(0, keep)]);
      for (let at = seam.indexOf(needle); at !== -1 && at < tail.length; at = seam.indexOf(needle, at + needle.length)) count++;
    }
    for (let at = chunk.indexOf(needle); at !== -1; at = chunk.indexOf(needle, at + needle.length)) {
      if (++count > most) return true;
    }
    tail = chunk.length >= keep ? Buffer.from(chunk.subarray(chunk.length - keep)) : Buffer.concat([tail, chunk]).subarray(-keep);
    return count > most;
  };
}


/**
 * A streaming parser that checks a form post's shape as its bytes arrive, or null for a body that is
 * not a form. `refuse` is called (once or more) when the post has more fields, files or parts than any
 * form of the site, a longer field or field name, or cannot be parsed at all. Nothing is kept: the
 * values are dropped as soon as they are counted, files are read past.
 */
function formShape(headers: IncomingHttpHeaders, refuse: () => void): BusboyInstance | null {
  const type = headers['content-type'] ?? '';
  if (!FORM_TYPE.test(type)) return null;
  let parser: BusboyInstance;
  try {
    // One above each limit, and counted here: busboy's urlencoded parser stops at its limit without
    // saying so when the excess arrives in the same chunk; the extra event tells.
    parser = Busboy({
      headers: { ...headers, 'content-type': type },
      limits: {
        fields: FORM_MAX_FIELDS + 1,
        files: FORM_MAX_FILES + 1,
        parts: FORM_MAX_FIELDS + FORM_MAX_FILES + 1,
        fieldSize: FORM_FIELD_MAX_BYTES,
        fieldNameSize: FORM_FIELD_NAME_MAX_BYTES,
        headerPairs: FORM_PART_HEADER_PAIRS,
      },
    });
  } catch {
    // A multipart type without a boundary, for one: no form can be read from it.
    queueMicrotask(refuse);
    return null;
  }
  let fields = 0;
  let files = 0;
  parser.on('fieldsLimit', refuse);
  parser.on('filesLimit', refuse);
  parser.on('partsLimit', refuse);
  parser.on('field', (_name, _value, nameTruncated, valueTruncated) => {
    if (++fields > FORM_MAX_FIELDS || nameTruncated || valueTruncated) refuse();
  });
  parser.on('file', (_name, stream) => {
    if (++files > FORM_MAX_FILES) refuse();
    stream.resume();
  });
  parser.on('error', refuse);
  return parser;
}

export type BodyGuardOptions = {
  /** Where messages/<lang>.json are (the refusals are shown in the language of the path's edition). */
  root: string;
  budget?: number;
  clientShare?: number;
  notifyReserve?: number;
  windowMs?: number;
  minWindowBytes?: number;
};
type Refusal = 400 | 408 | 413 | 429 | 503;
const API_CODES: Record<Refusal, string> = { 400: 'bad_form', 408: 'too_slow', 413: 'too_large', 429: 'too_many', 503: 'busy' };
type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The guard of server.ts. */
export function createBodyGuard({
  root,
  budget = BODY_BUDGET_BYTES,
  clientShare = BODY_CLIENT_SHARE_BYTES,
  notifyReserve = NOTIFY_RESERVE_BYTES,
  windowMs = BODY_WINDOW_MS,
  minWindowBytes = BODY_MIN_WINDOW_BYTES,
}: BodyGuardOptions) {
  type FormTexts = { formErrors: { tooLarge: string; unavailable: string; unreadable: string }; tryAgain: string };
  const forms = Object.fromEntries(
    ['lv', 'en', 'ru', 'et', 'el'].map((lang) => [lang, JSON.parse(fs.readFileSync(path.join(root, 'messages', `${lang}.json`), 'utf8')).Forms as FormTexts]),
  );
  let held = 0;
  /** Bytes held per client group (absent when none). */
  const heldBy = new Map<string, number>();
  const hold = (client: string, bytes: number) => {
    held += bytes;
    const now = (heldBy.get(client) ?? 0) + bytes;
    if (now > 0) heldBy.set(client, now);
    else heldBy.delete(client);
  };
  /** Requests that sent `Expect: 100-continue` and wait for a go-ahead before their body. */
  const waiting = new WeakSet<IncomingMessage>();

  /**
   * Writes a refusal in the edition's language (a page), or as JSON for the API, with its length and
   * `connection: close`, and leaves the response open: `end` (or `linger`) ends it.
   */
  function refusal(req: IncomingMessage, res: ServerResponse, status: Refusal) {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    // An edition prefix such as `ee-et` names the locale `et-EE` (lib/i18n/editions.ts); else en-LV.
    const [, country = 'lv', lang = 'en'] = /^\/(lv|ee|cy)-(lv|en|ru|et|el)(?:[/?]|$)/.exec(req.url ?? '') ?? [];
    const texts = forms[lang]!;
    const message = status === 413 ? texts.formErrors.tooLarge : status === 400 ? texts.formErrors.unreadable : texts.formErrors.unavailable;
    const api = pathname === '/api' || pathname.startsWith('/api/');
    const body = api
      ? JSON.stringify({ error: { code: API_CODES[status], message } })
      : tooLargePage({ status, lang: `${lang}-${country.toUpperCase()}`, message, back: texts.tryAgain, path: pathname });
    const type = api ? 'application/json' : 'text/html; charset=utf-8';
    const csp = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
    const retry = status === 429 || status === 503 ? { 'retry-after': String(RETRY_AFTER_SECONDS) } : {};
    write(res, status, { 'content-type': type, 'cache-control': 'no-store', ...(api ? {} : { 'content-security-policy': csp }), ...retry }, body);
  }
  function methodRefusal(res: ServerResponse, allow: string[]) {
    write(res, 405, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', allow: allow.join(', ') }, 'Method not allowed\n');
  }
  /** The whole answer, with its length, on a connection that closes after it; the response is not ended. */
  function write(res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: string) {
    const bytes = Buffer.from(body);
    res.writeHead(status, { ...headers, 'content-length': String(bytes.length), connection: 'close' });
    res.write(bytes);
  }

  /**
   * Reads the request's body under its limits. `address` is the client's, as server.ts determined it.
   * Resolves with the request to hand to Next (the same one when it has no body, else a replay with a
   * Content-Length), or null when it was answered here.
   */
  function guard(req: IncomingMessage, res: ServerResponse, address: string | null = req.socket.remoteAddress ?? null): Promise<IncomingMessage | null> {
    const rule = bodyRule(req.method ?? 'GET', req.url ?? '/', req.headers['content-type']);
    const early =
      'status' in rule ? () => methodRefusal(res, rule.allow) : Number(req.headers['content-length'] ?? 0) > rule.limit ? () => refusal(req, res, 413) : null;
    if (early) {
      early();
      // A client waiting for 100 Continue has sent no body: its answer is complete at once.
      if (hasBody(req) && !waiting.has(req)) linger(req, res);
      else res.end();
      return Promise.resolve(null);
    }
    if (!hasBody(req) || 'status' in rule) return Promise.resolve(req);
    if (waiting.has(req)) res.writeContinue();
    const { limit } = rule;
    const client = clientGroup(address);
    // Everyone but the payment provider leaves its reserve alone.
    const ceiling = pathOf(req.url ?? '/') === NOTIFY_PATH ? budget : budget - notifyReserve;
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let sinceCheck = 0;
      let settled = false;
      const release = () => {
        hold(client, -size);
        size = 0;
      };
      const settle = () => {
        settled = true;
        clearInterval(pace);
        chunks.length = 0;
      };
      const stop = (status: Refusal) => {
        if (settled) return;
        settle();
        release();
        resolve(null);
        refusal(req, res, status);
        if (status !== 408) return linger(req, res);
        // A stalled sender sends nothing more: its answer is complete now, and its connection closed.
        closeAfter(req, res);
        res.end();
      };
      const tooManyParts = partCounter(req.headers['content-type'] ?? '');
      const form = formShape(req.headers, () => stop(400));
      const pace = setInterval(() => {
        if (sinceCheck < minWindowBytes) stop(408);
        sinceCheck = 0;
      }, windowMs);
      pace.unref();
      req.on('data', (chunk: Buffer) => {
        if (settled) return;
        sinceCheck += chunk.length;
        if (size + chunk.length > limit) return stop(413);
        if ((heldBy.get(client) ?? 0) + chunk.length > clientShare) return stop(429);
        if (held + chunk.length > ceiling) return stop(503);
        // Counted before the parser sees the chunk: a bomb costs one search, not thousands of parts.
        if (tooManyParts?.(chunk)) return stop(400);
        size += chunk.length;
        hold(client, chunk.length);
        chunks.push(chunk);
        form?.write(chunk);
      });
      req.on('end', () => {
        if (settled) return;
        clearInterval(pace);
        const done = () => {
          if (settled) return;
          const body = Buffer.concat(chunks);
          settle();
          // Held until the answer is sent: Next keeps its own copy of the body while it works on it.
          res.once('close', release);
          resolve(replay(req, body));
        };
        if (!form) return done();
        form.once('finish', done);
        form.end();
      });
      const abandon = () => {
        if (settled) return;
        settle();
        release();
        resolve(null);
      };
      req.on('error', abandon);
      // A body cut off before its end; after it, the form's parser may still be finishing.
      req.on('close', () => {
        if (!req.readableEnded) abandon();
      });
    });
  }

  /**
   * The server's `checkContinue` listener for `Expect: 100-continue`: the request goes to `handler`, and
   * its guard either refuses it from the headers alone, before the client sends its body, or tells it
   * to go on.
   */
  function checkContinue(handler: Handler): Handler {
    return (req, res) => {
      waiting.add(req);
      handler(req, res);
    };
  }

  return { guard, checkContinue, held: () => held, heldBy: (address: string | null) => heldBy.get(clientGroup(address)) ?? 0 };
}
