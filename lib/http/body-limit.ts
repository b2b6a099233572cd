// Request bodies in the production server (server.ts), read with bounded memory.
//
// Every body is read here before Next sees it, under these limits, and replayed to Next from memory with
// a Content-Length (so Next and the proxy never meet a chunked body of unknown size):
//
// 1. The route's own limit, known from the method and path before a byte is read (body-rule.ts, from the
//    route table lib/routes.ts): 64 KB for a page's form, the CV's 5 MB and a margin for a job
//    application, a few KB for the small API forms. A body that declares more, or sends more, is
//    refused (413) without being kept.
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
  FORM_FIELD_MAX_BYTES,
  FORM_FIELD_NAME_MAX_BYTES,
  FORM_MAX_FIELDS,
  FORM_MAX_FILES,
  FORM_PART_HEADER_PAIRS,
  NOTIFY_RESERVE_BYTES,
} from '../limits.ts';
import { clientGroup } from '../client-group.ts';
import { fallbackLocale, editionOf, languages } from '../i18n/editions.ts';
import { NOTIFY_PATH, PAGE_METHODS } from '../routes.ts';
import { bodyRule, editionOfUrl, isApiPath, pathOf } from './body-rule.ts';
import { tooLargePage } from './too-large-page.ts';

/** A form posted to a page (server actions): its text fields; what the proxy also allows (lib/routes.ts). */
export const PAGE_BODY_LIMIT = PAGE_METHODS.POST!;
/** What Retry-After says when the budget or a client's share is spent: bodies are held for seconds. */
const RETRY_AFTER_SECONDS = 10;

/**
 * Timeouts of the HTTP server, chosen rather than Node's defaults (300 s for a request): the headers
 * within 15 s, the whole request, body included, within 120 s (a 5.5 MB application over a slow
 * 0.5 Mbit/s line takes about 90 s), checked every 5 s.
 */
export const SERVER_OPTIONS: ServerOptions = { requestTimeout: 120_000, headersTimeout: 15_000, connectionsCheckingInterval: 5_000 };

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
function linger(req: IncomingMessage, res: ServerResponse, most = BODY_LINGER_BYTES): void {
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
    if (read > most) req.pause();
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
  /**
   * Bytes of a refused body read and thrown away before reading stops (BODY_LINGER_BYTES). Behind a
   * trusted proxy that buffers bodies (nginx's proxy_request_buffering), server.ts reads the whole
   * body: it arrives at the proxy's speed, and a connection closed with body unread is reset, which the
   * proxy counts as its instance failing (issue 47, finding 1: a refused 6 MB upload).
   */
  lingerBytes?: number;
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
  lingerBytes = BODY_LINGER_BYTES,
}: BodyGuardOptions) {
  type FormTexts = { formErrors: { tooLarge: string; unavailable: string; unreadable: string }; tryAgain: string };
  const forms = Object.fromEntries(
    languages.map((lang) => [lang, JSON.parse(fs.readFileSync(path.join(root, 'messages', `${lang}.json`), 'utf8')).Forms as FormTexts]),
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
  function refusal(req: IncomingMessage, res: ServerResponse, status: Refusal, retryAfterSeconds = RETRY_AFTER_SECONDS) {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    // An edition prefix such as `ee-et` names the locale `et-EE` (lib/i18n/editions.ts); else the fallback's.
    const edition = editionOfUrl(req.url ?? '/') ?? editionOf(fallbackLocale);
    const texts = forms[edition.language]!;
    const message = status === 413 ? texts.formErrors.tooLarge : status === 400 ? texts.formErrors.unreadable : texts.formErrors.unavailable;
    const api = isApiPath(pathname);
    const body = api
      ? JSON.stringify({ error: { code: API_CODES[status], message } })
      : tooLargePage({ status, lang: edition.locale, message, back: texts.tryAgain, path: pathname });
    const type = api ? 'application/json' : 'text/html; charset=utf-8';
    const csp = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
    const retry = status === 429 || status === 503 ? { 'retry-after': String(retryAfterSeconds) } : {};
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
      if (hasBody(req) && !waiting.has(req)) linger(req, res, lingerBytes);
      else res.end();
      return Promise.resolve(null);
    }
    if (!hasBody(req) || 'status' in rule) return Promise.resolve(req);
    if (waiting.has(req)) res.writeContinue();
    const { limit } = rule;
    const client = clientGroup(address);
    // Everyone but the payment provider leaves its reserve alone.
    const ceiling = `${pathOf(req.url ?? '/')}/`.startsWith(`${NOTIFY_PATH}/`) ? budget : budget - notifyReserve;
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
        if (status !== 408) return linger(req, res, lingerBytes);
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

  /**
   * server.ts: refuses a request of a braked client with 429 and Retry-After, in the edition's language,
   * its body (if any) read past as any refused body's is: an answer, never a closed connection.
   */
  function tooMany(req: IncomingMessage, res: ServerResponse, retryAfterSeconds: number) {
    refusal(req, res, 429, retryAfterSeconds);
    if (hasBody(req) && !waiting.has(req)) linger(req, res, lingerBytes);
    else res.end();
  }

  return { guard, checkContinue, tooMany, hasBody, held: () => held, heldBy: (address: string | null) => heldBy.get(clientGroup(address)) ?? 0 };
}
