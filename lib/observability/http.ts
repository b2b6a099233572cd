// What server.ts adds to every request: a request id, one log line and the HTTP metrics; and the
// metrics port. Run by Node as it is (server.ts runs before and outside Next's bundles).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { format } from 'node:util';
import type { DestinationStream } from 'pino';
import { readAppRoutes } from '../next-adapter/build.ts';
import { configureLogger, logger, requestContext, type Logger } from './logger.ts';
import { metrics, metricsText } from './metrics.ts';

/** nginx's $request_id is 32 hex digits; anything of this shape from a trusted proxy is kept. */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route patterns of the build (`/[locale]/blog/[slug]`, `/api/site/page/[slug]`) from Next's
 * manifests, so a line and a metric name the route, never the raw path with its ids. Whether a pattern is
 * a page or a route handler comes from the app paths manifest (`…/page` or `…/route`).
 */
export type RouteTable = { routes: { pattern: string; regex: RegExp; kind: 'page' | 'api' }[]; publicFiles: Set<string> };

export function loadRoutes(distDir: string, publicDir: string): RouteTable {
  const routes = readAppRoutes(distDir).map(({ pattern, regex, kind }) => ({ pattern, regex: new RegExp(regex), kind }));
  const publicFiles = new Set<string>();
  const walk = (dir: string, prefix: string): void => {
    for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}/${entry.name}`);
      else publicFiles.add(`${prefix}/${entry.name}`);
    }
  };
  walk(publicDir, '');
  return { routes, publicFiles };
}

/** The pattern and kind of a request's path: a bounded set, whatever the path. */
export function routeOf(table: RouteTable, url: string | undefined): { route: string; kind: string } {
  const pathname = (url ?? '/').split('?')[0] ?? '/';
  if (pathname.startsWith('/_next/static/')) return { route: '/_next/static', kind: 'static' };
  if (pathname.startsWith('/_next/image')) return { route: '/_next/image', kind: 'static' };
  if (pathname.startsWith('/_next/')) return { route: '/_next', kind: 'other' };
  if (table.publicFiles.has(pathname)) return { route: '(public file)', kind: 'static' };
  for (const { pattern, regex, kind } of table.routes) if (regex.test(pathname)) return { route: pattern, kind };
  return { route: '(unmatched)', kind: 'other' };
}

const statusClass = (status: number): string => (status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other');

/**
 * Sets up logging and metrics for server.ts and returns `handler(fn)`, which wraps its request handler,
 * and `startMetricsServer()`. The request id is nginx's X-Request-Id when the request came through a
 * trusted proxy (`trustRequestId`), else a new one; it is echoed in the answer's X-Request-Id and carried
 * by every line logged while the request is handled.
 */
type Options = {
  root: string;
  trustRequestId?: boolean;
  level?: string;
  instance?: string;
  metricsPort?: number;
  metricsHost?: string;
  /** Where the lines go (tests); stdout otherwise. */
  destination?: DestinationStream | NodeJS.WritableStream;
};
type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

export function createHttpObservability({ root, trustRequestId = false, level = 'info', instance, metricsPort = 0, metricsHost = '127.0.0.1', destination }: Options): {
  log: Logger;
  handler<F extends Handler>(fn: F): (req: IncomingMessage, res: ServerResponse) => ReturnType<F>;
  startMetricsServer(): http.Server | null;
} {
  const log = configureLogger({ level, instance, destination });
  routeConsoleToLogger();
  const m = metrics();
  let table: RouteTable | null = null;
  const routes = () => (table ??= loadRoutes(path.join(root, '.next'), path.join(root, 'public')));

  function handler<F extends Handler>(fn: F) {
    return (req: IncomingMessage, res: ServerResponse): ReturnType<F> => {
      const started = process.hrtime.bigint();
      const given = req.headers['x-request-id'];
      const requestId = trustRequestId && typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      req.headers['x-request-id'] = requestId;
      res.setHeader('x-request-id', requestId);
      let done = false;
      const finish = (aborted: boolean) => {
        if (done) return;
        done = true;
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const { route, kind } = routeOf(routes(), req.url);
        const status = res.statusCode;
        const method = req.method !== undefined && METHODS.has(req.method) ? req.method : 'OTHER';
        const klass = aborted ? 'aborted' : statusClass(status);
        m.httpRequests.inc({ route, kind, method, status_class: klass });
        m.httpDuration.observe({ route, kind, status_class: klass }, seconds);
        const line = { event: 'request', requestId, method, route, status, durationMs: Math.round(seconds * 10_000) / 10, ...(aborted ? { aborted: true } : {}) };
        if (status >= 500) log.error(line, 'request');
        else log.info(line, 'request');
      };
      res.on('finish', () => finish(false));
      res.on('close', () => finish(!res.writableFinished));
      return requestContext.run({ requestId }, () => fn(req, res) as ReturnType<F>);
    };
  }

  /** GET /metrics on its own port (loopback unless METRICS_HOST says otherwise), never the site's. */
  function startMetricsServer() {
    if (!metricsPort) return null;
    const server = http.createServer(async (req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      try {
        const { contentType, body } = await metricsText();
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body);
      } catch (error) {
        log.error({ event: 'metrics.failed', err: error }, 'metrics could not be collected');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
      }
    });
    server.on('error', (error) => log.error({ event: 'metrics.listen_failed', err: error, port: metricsPort }, `metrics port ${metricsPort} unavailable: no metrics from this instance`));
    server.listen(metricsPort, metricsHost, () => log.info({ event: 'metrics.listening', host: metricsHost, port: metricsPort }, `metrics on http://${metricsHost}:${metricsPort}/metrics`));
    server.unref();
    return server;
  }

  return { log, handler, startMetricsServer };
}

/**
 * Next and libraries write with console.*: their lines become JSON lines at the matching level too, an
 * Error among the arguments logged with its stack.
 */
function routeConsoleToLogger() {
  const log = logger('console');
  const levels = { log: 'info', info: 'info', warn: 'warn', error: 'error', debug: 'debug', trace: 'trace' } as const;
  for (const [name, level] of Object.entries(levels) as [keyof typeof levels, (typeof levels)[keyof typeof levels]][]) {
    console[name] = (...args: unknown[]) => {
      const error = args.find((arg) => arg instanceof Error);
      const rest = args.filter((arg) => arg !== error);
      const text = format(...rest).trim();
      if (error) log[level]({ err: error }, text || error.message);
      else log[level](text);
    };
  }
}
