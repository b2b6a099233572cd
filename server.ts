// The site's production server (`npm start`): Next's request handler behind a small Node HTTP server
// that does what Next cannot do safely by itself.
//
// 1. The client's address. Next keeps whatever X-Forwarded-For a client sends. Here the address comes
//    from the socket, or, with TRUSTED_PROXY_HOPS=N (N proxies in front, e.g. the production nginx), from
//    the X-Forwarded-For entry the outermost trusted proxy added. It is handed to the app in a header
//    whose name is secret to this process, so no client can set it (lib/clients/identity.ts).
// 2. Request bodies with bounded memory (lib/http/body-limit.ts): each route's limit and methods applied
//    before a body is read, one budget for the bytes held across all requests (503 beyond it), and
//    deliberate request and header timeouts.
// 3. The full set of security headers on every response, also those that never reach the proxy
//    (lib/http/security-headers.ts).
//
// 4. A page cache (lib/http/page-cache.ts): the registry's pages rendered once and served again, each
//    time with a fresh nonce.
// 5. One client cannot crowd out the others: its turns in Next (lib/http/client-turns.ts), its time in
//    Next (lib/http/next-budget.ts), its sharing images counted before Next, and a brake on a client it
//    keeps refusing bodies (lib/http/refusal-brake.ts).
//
// It compresses responses itself (lib/http/compression.ts): Brotli where accepted, and the build's
// files from copies compressed once after the build.
//
// It also shuts down gracefully on SIGTERM: no new connections, requests in flight finish, the outbox
// worker settles the row it holds, the database closes, then the process exits.
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { createBodyGuard, SERVER_OPTIONS } from './lib/http/body-limit.ts';
import { pathOf } from './lib/http/body-rule.ts';
import { createClientTurns } from './lib/http/client-turns.ts';
import { createNextBudget } from './lib/http/next-budget.ts';
import { createRefusalBrake } from './lib/http/refusal-brake.ts';
import { createRequestRate } from './lib/http/request-rate.ts';
import { OG_REQUESTS_PER_MINUTE, PAGE_CACHE_MAX_BYTES, PROXIED_LINGER_BYTES } from './lib/limits.ts';
import { createImageGate } from './lib/http/image-request.ts';
import { createCompression } from './lib/http/compression.ts';
import { trustForwarded } from './lib/http/forwarded.ts';
import { crossHostPost } from './lib/http/cross-host.ts';
import { startPageCache } from './lib/http/page-cache-start.ts';
import { isPageView } from './lib/http/page-cache.ts';
import { securityHeaders } from './lib/http/security-headers.ts';
import { missingPageMark, runShutdown, setClientHeader, setPageCache, SHARING_IMAGE_HEADERS, sharingImage } from './lib/handoff.ts';
import { applyHandoffs } from './lib/http/handoffs.ts';
import { bootEnv, adoptDeploymentId } from './lib/boot-env.ts';
import { readDeploymentId } from './lib/next-adapter/build.ts';
import { createHttpObservability } from './lib/observability/http.ts';
import { setCacheSizeSource } from './lib/observability/cache-metrics.ts';
import { requireValidEnvironment } from './lib/env-check.ts';

// First: an invalid environment stops the start here, naming each wrong key (exit 1), before Next loads
// or a port is opened, so health checks see the instance down instead of a server answering 500.
await requireValidEnvironment();

const { PORT: port, HOST: host, TRUSTED_PROXY_HOPS: hops } = bootEnv();

/** The secret header name the app reads the client's address from (one per process). */
const clientHeader = `x-billme-client-${randomBytes(12).toString('hex')}`;
setClientHeader(clientHeader);

const root = path.dirname(fileURLToPath(import.meta.url));
// Behind a trusted proxy (which buffers bodies: deploy/nginx) a refused body is read to its end, so the
// proxy is never reset while it sends it (issue 47, finding 1).
const bodies = createBodyGuard({ root, ...(hops > 0 ? { lingerBytes: PROXIED_LINGER_BYTES } : {}) });
const refuseImage = createImageGate({ root });
// Each client's turns in Next: while others are about, one client's requests never crowd theirs out.
const turns = createClientTurns();
// Each client's time in Next (NEXT_BUDGET_MS_PER_SECOND, NEXT_BUDGET_BURST_MS): its uncached floods wait, not the others.
const nextBudget = createNextBudget({ perSecond: bootEnv().NEXT_BUDGET_MS_PER_SECOND, burstMs: bootEnv().NEXT_BUDGET_BURST_MS });
// A client the server keeps refusing bodies waits a second before each next body is looked at.
const brake = createRefusalBrake();
// The sharing images: counted per client before Next (a kept image still costs Next's handler).
const ogRate = createRequestRate({ limit: OG_REQUESTS_PER_MINUTE, windowMs: 60_000 });

// A JSON log line per request (with nginx's X-Request-Id behind a trusted proxy), the HTTP metrics, and
// the metrics port (lib/observability/http.ts). The keys are validated again by lib/env.ts.
const observe = createHttpObservability({
  root,
  trustRequestId: hops > 0,
  level: bootEnv().LOG_LEVEL,
  instance: bootEnv().INSTANCE_NAME || `${os.hostname()}:${port}`,
  metricsPort: bootEnv().METRICS_PORT,
  metricsHost: bootEnv().METRICS_HOST,
});
const log = observe.log.child({ component: 'server' });

// The deployment id is the build's: its chunk names carry it (`?dpl=`), and a server started with another
// one, or none, names the same chunks otherwise in what it renders, so browsers fetch them twice.
const builtWith = readDeploymentId(path.join(root, '.next'));
const givenDeploymentId = bootEnv().DEPLOYMENT_ID ?? null;
if (builtWith !== givenDeploymentId) {
  log.warn({ event: 'server.deployment-id', built: builtWith, given: givenDeploymentId }, "DEPLOYMENT_ID is not the build's: the build's is used");
  adoptDeploymentId(builtWith);
}

const app = next({ dev: false, hostname: 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();
const { serveStatic, compress } = createCompression({ distDir: path.join(root, '.next') });
// Rendered pages kept and served with a fresh nonce each time (off with PAGE_CACHE=off; their scripts and
// data after the first paint, off with LATE_SCRIPTS=off: each switch alone leaves the site correct).
const pageCache = await startPageCache({ distDir: path.join(root, '.next'), enabled: bootEnv().PAGE_CACHE !== 'off', redisUrl: bootEnv().REDIS_URL, statusHeader: bootEnv().PAGE_CACHE_STATUS === 'on', lateScripts: bootEnv().LATE_SCRIPTS !== 'off' });
setPageCache(pageCache);
// Its size beside its bound, and its hits, on the metrics port (billme_cache_bytes{cache="page"}, billme_page_cache_lookups_total).
setCacheSizeSource('page', () => ({ ...pageCache.stats(), maxBytes: PAGE_CACHE_MAX_BYTES }));

/** A short plain answer for requests that never reach the site (bad method, bad URL). */
function refuse(res: ServerResponse, status: number, text: string, headers: OutgoingHttpHeaders = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(`${text}\n`);
}

/** Is every %-escape of the path valid UTF-8? Next would otherwise fail on it with a 500. */
function wellEncoded(url: string | undefined): boolean {
  try {
    decodeURIComponent(pathOf(url ?? '/'));
    return true;
  } catch {
    return false;
  }
}

async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    // What Next and the app see as X-Forwarded-* is what this server trusts, never the client's own.
    // Once stopping, each kept-alive connection closes after its answer: a balancer that keeps reusing
    // its connections would otherwise hold the server open until the forced exit.
    if (stopping) res.setHeader('connection', 'close');
    const { address, https } = trustForwarded(req, hops);
    turns.arrived(address);
    for (const [name, value] of Object.entries(securityHeaders({ https }))) res.setHeader(name, value);
    if (['TRACE', 'TRACK', 'CONNECT'].includes(req.method ?? '')) return refuse(res, 405, 'Method not allowed', { allow: 'GET, HEAD, POST' });
    if (!wellEncoded(req.url)) return refuse(res, 400, 'Bad request: the address is not valid');
    if (serveStatic(req, res) || refuseImage(req, res)) return;
    // A post to a page from another host than the one it names (lib/http/cross-host.ts): Next would throw
    // a 500. The API's routes check their Origin themselves and answer in their own format (JSON, 415 first).
    if (!pathOf(req.url ?? '/').startsWith('/api/') && crossHostPost(req.method, req.headers)) return refuse(res, 403, 'Forbidden: cross-site form post');
    for (const name of Object.keys(req.headers)) if (name.startsWith('x-billme-client')) delete req.headers[name];
    req.headers[clientHeader] = address;
    if (pathOf(req.url ?? '/') === '/api/og' && (req.method === 'GET' || req.method === 'HEAD')) {
      // An image the app answered before is served here, uncounted; a new one is counted, not braked: a
      // crawler following every page's og:image meets this limit, and a page view of its address must
      // not pay for that (issue 47, finding 4).
      const url = req.url ?? '';
      const query = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
      const png = sharingImage(query.get('locale'), query.get('path'));
      if (png) {
        res.writeHead(200, { ...SHARING_IMAGE_HEADERS, 'content-length': png.byteLength });
        return void res.end(req.method === 'HEAD' ? undefined : png);
      }
      const rate = ogRate.take(address);
      if (!rate.ok) return refuse(res, 429, 'Too many sharing images from this client: try again later', { 'retry-after': String(rate.retryAfterSeconds) });
    }
    // A client the server keeps refusing bodies waits first, its body unread, then is looked at; beyond
    // its share of waiting requests, 429 with Retry-After (lib/http/refusal-brake.ts). Only requests with
    // a body: page views and files of a braked (shared) address stay fast (issue 47, finding 3).
    if (bodies.hasBody(req) && brake.braked(address)) {
      const decision = await brake.wait(address);
      if (res.destroyed) return;
      if (!decision.go) return bodies.tooMany(req, res, decision.retryAfterSeconds);
    }
    const request = await bodies.guard(req, res, address);
    if (!request) {
      // Refused by a body limit (a method not taken is no refusal of the client).
      if (res.statusCode >= 400 && res.statusCode !== 405) brake.refused(address);
      return;
    }
    applyHandoffs(request, res, { https });
    compress(request, res);
    // A page the cache does not hold may be a missing one of an edition: then its edition's kept 404 answers.
    const notFound = pageCache.misses(request, { https }) ? await missingPageMark((request.url ?? '/').split('?')[0]!) : null;
    if (pageCache.handle(request, res, { https, notFound })) return;
    // Its time in Next: while others are about, a client that used its share waits; a page only ever waits,
    // anything else past NEXT_BUDGET_MAX_WAIT_MS is answered 429 (lib/http/next-budget.ts).
    const budget = await nextBudget.take(address, res, { page: isPageView(request), contended: turns.othersAbout(address) });
    if (!budget.go) {
      if (budget.why !== 'gone' && !res.headersSent) refuse(res, budget.why === 'over' ? 429 : 503, 'Too many requests from this client: try again later', { 'retry-after': String(budget.retryAfterSeconds) });
      return;
    }
    if (!(await turns.turn(address, res))) {
      if (!res.headersSent && !res.destroyed) refuse(res, 503, 'Busy: too many requests from this client at once', { 'retry-after': '10', connection: 'close' });
      return;
    }
    await handle(request, res);
  } catch (error) {
    log.error({ event: 'server.error', err: error }, 'request failed');
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Internal error');
  }
}
const observed = observe.handler(onRequest);
const server = http.createServer(SERVER_OPTIONS, observed);
server.on('checkContinue', bodies.checkContinue(observed));
server.keepAliveTimeout = 65_000; // longer than a balancer's idle timeout, so it never reuses a closed socket
server.listen(port, host, () => log.info({ event: 'server.listening', port, trustedProxyHops: hops }, `Billme on http://${host ?? 'localhost'}:${port}`));
const metricsServer = observe.startMetricsServer();

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  log.info({ event: 'server.stopping', signal }, `${signal}: finishing requests in flight`);
  const force = setTimeout(() => process.exit(1), 25_000);
  force.unref();
  server.close(async () => {
    await runShutdown();
    metricsServer?.close();
    await app.close().catch(() => undefined);
    process.exit(0);
  });
  server.closeIdleConnections();
  // A kept-alive connection whose answer was still going out turns idle only after it: closed then too
  // (Node 22 would leave it open until its keep-alive timeout, past the forced exit; e2e/quiet-start.spec.ts).
  setInterval(() => server.closeIdleConnections(), 200).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
