// The site's production server (`npm start`): Next's request handler behind a small Node HTTP server
// that does the two things Next cannot do safely by itself.
//
// 1. The client's address. Next keeps whatever X-Forwarded-For a client sends. Here the address comes
//    from the socket, or, with TRUSTED_PROXY_HOPS=N (N proxies in front, e.g. the production nginx), from
//    the X-Forwarded-For entry the outermost trusted proxy added. It is handed to the app in a header
//    whose name is secret to this process, so no client can set it (lib/submissions/client.ts).
// 2. The body limit whatever the transfer encoding. A chunked POST is read here up to the largest body
//    any route accepts (6 MB: a job application with its CV), then passed on with a Content-Length, so
//    the proxy's per-route limit and its localized 413 apply to it as to any other post.
//
// It compresses responses itself (lib/http/compression.mjs): Brotli where accepted, and the build's
// files from copies compressed once after the build.
//
// It also shuts down gracefully on SIGTERM: no new connections, requests in flight finish, the outbox
// worker settles the row it holds, the database closes, then the process exits.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { createCompression } from './lib/http/compression.mjs';
import { tooLargePage } from './lib/http/too-large-page.mjs';
import { createHttpObservability } from './lib/observability/http.mjs';

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || undefined;
const hops = Math.max(0, Number(process.env.TRUSTED_PROXY_HOPS || 0));
const MAX_BODY = 6 * 1024 * 1024;
const root = path.dirname(fileURLToPath(import.meta.url));

// A JSON log line per request (with nginx's X-Request-Id behind a trusted proxy), the HTTP metrics, and
// the metrics port (lib/observability/http.mjs). The keys are validated again by lib/env.ts.
const observe = createHttpObservability({
  root,
  trustRequestId: hops > 0,
  level: process.env.LOG_LEVEL || 'info',
  instance: process.env.INSTANCE_NAME || `${os.hostname()}:${port}`,
  metricsPort: Number(process.env.METRICS_PORT ?? 9464),
  metricsHost: process.env.METRICS_HOST || '127.0.0.1',
});
const log = observe.log.child({ component: 'server' });

/** The secret header name the app reads the client's address from (one per process). */
const clientHeader = `x-billme-client-${randomBytes(12).toString('hex')}`;
globalThis.__billmeClientHeader = clientHeader;

function clientAddress(req) {
  if (hops === 0) return req.socket.remoteAddress ?? '';
  const entries = String(req.headers['x-forwarded-for'] ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  // The outermost trusted proxy appended what it saw; anything left of it came from the client.
  return entries[entries.length - hops] ?? entries[0] ?? req.socket.remoteAddress ?? '';
}

/** The refusal of a body larger than any route accepts, in the language of the path's edition. */
const forms = Object.fromEntries(
  ['lv', 'en', 'ru', 'et', 'el'].map((lang) => [lang, JSON.parse(fs.readFileSync(path.join(root, 'messages', `${lang}.json`), 'utf8')).Forms]),
);
function tooLarge(req, res) {
  // An edition prefix such as `ee-et` names the locale `et-EE` (lib/i18n/editions.ts); else en-LV.
  const [, country = 'lv', lang = 'en'] = /^\/(lv|ee|cy)-(lv|en|ru|et|el)(?:[/?]|$)/.exec(req.url ?? '') ?? [];
  const page = tooLargePage({ lang: `${lang}-${country.toUpperCase()}`, message: forms[lang].formErrors.tooLarge, back: forms[lang].tryAgain, path: (req.url ?? '/').split('?')[0] });
  drain(req, () => {
    res.writeHead(413, { 'content-type': 'text/html; charset=utf-8', connection: 'close', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'" });
    res.end(page);
  });
}

/**
 * Reads and discards the rest of a refused body, then answers: a client that is still sending would
 * otherwise meet a reset connection instead of the 413. Bounded: a sender that goes on past 32 MB or
 * 10 s is cut off without an answer.
 */
const DRAIN_LIMIT = 32 * 1024 * 1024;
function drain(req, answer) {
  let drained = 0;
  const timer = setTimeout(() => req.destroy(), 10_000);
  timer.unref();
  req.removeAllListeners('data');
  req.on('data', (chunk) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT) req.destroy();
  });
  req.on('end', () => {
    clearTimeout(timer);
    answer();
  });
  req.on('close', () => clearTimeout(timer));
  if (req.readableEnded) {
    clearTimeout(timer);
    answer();
  } else req.resume();
}

/** Reads a chunked body up to the limit; null when it is larger (the connection is then closed). */
function readLimited(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        req.removeAllListeners('data');
        resolve(null);
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
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

const app = next({ dev: false, hostname: 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();
const { serveStatic, compress } = createCompression({ distDir: path.join(root, '.next') });

/** Headers of Next's internals that must not reach a client (they name internal paths). */
const INTERNAL = /^x-middleware-/i;
function hideInternalHeaders(res) {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => (INTERNAL.test(name) ? res : setHeader(name, value));
  const writeHead = res.writeHead.bind(res);
  res.writeHead = (status, ...rest) => {
    // A status the proxy asked for (503 while content is unavailable): Next keeps a rewrite's at 200.
    const given = rest.find((arg) => arg && typeof arg === 'object' && !Array.isArray(arg));
    const wanted = Number(res.getHeader('x-billme-status') ?? given?.['x-billme-status']);
    res.removeHeader('x-billme-status');
    if (given) delete given['x-billme-status'];
    if (wanted >= 400 && wanted < 600) {
      status = wanted;
      if (typeof rest[0] === 'string') rest.shift();
    }
    for (const name of res.getHeaderNames()) if (INTERNAL.test(name)) res.removeHeader(name);
    const headers = rest.find((arg) => arg && typeof arg === 'object');
    if (headers && !Array.isArray(headers)) for (const name of Object.keys(headers)) if (INTERNAL.test(name)) delete headers[name];
    return writeHead(status, ...rest);
  };
}

/** A short plain answer for requests that never reach the site (bad method, bad URL). */
function refuse(res, status, text, headers = {}) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'", ...headers });
  res.end(`${text}\n`);
}

/** Is every %-escape of the path valid UTF-8? Next would otherwise fail on it with a 500. */
function wellEncoded(url) {
  try {
    decodeURIComponent((url ?? '/').split('?')[0]);
    return true;
  } catch {
    return false;
  }
}

const server = http.createServer(observe.handler(async (req, res) => {
  try {
    if (['TRACE', 'TRACK', 'CONNECT'].includes(req.method ?? '')) return refuse(res, 405, 'Method not allowed', { allow: 'GET, HEAD, POST' });
    if (!wellEncoded(req.url)) return refuse(res, 400, 'Bad request: the address is not valid');
    if (serveStatic(req, res)) return;
    hideInternalHeaders(res);
    compress(req, res);
    for (const name of Object.keys(req.headers)) if (name.startsWith('x-billme-client')) delete req.headers[name];
    const address = clientAddress(req);
    req.headers[clientHeader] = address;
    // What Next and the app see as X-Forwarded-For is what this server trusts, never the client's own.
    req.headers['x-forwarded-for'] = address;
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY) return tooLarge(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.headers['transfer-encoding']) {
      const body = await readLimited(req);
      if (body === null) return tooLarge(req, res);
      return await handle(replay(req, body), res);
    }
    await handle(req, res);
  } catch (error) {
    log.error({ event: 'server.error', err: error }, 'request failed');
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Internal error');
  }
}));
server.keepAliveTimeout = 65_000; // longer than a balancer's idle timeout, so it never reuses a closed socket
server.listen(port, host, () => log.info({ event: 'server.listening', port, trustedProxyHops: hops }, `Billme on http://${host ?? 'localhost'}:${port}`));
const metricsServer = observe.startMetricsServer();

let stopping = false;
function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  log.info({ event: 'server.stopping', signal }, `${signal}: finishing requests in flight`);
  const force = setTimeout(() => process.exit(1), 25_000);
  force.unref();
  server.close(async () => {
    await globalThis.__billmeShutdown?.().catch((error) => log.error({ event: 'server.shutdown_failed', err: error }, 'shutdown failed'));
    metricsServer?.close();
    await app.close().catch(() => undefined);
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
