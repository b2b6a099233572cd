// The handoffs between the production server (server.mjs) and the app, named in one place.
//
// server.mjs starts Next inside its own process, and Next loads the app as several bundles (the proxy,
// the pages, the route handlers, instrumentation.ts), each with its own copy of every module. What they
// must share lives in one process-wide table here, under one well-known symbol, instead of loose
// `globalThis.__billme…` properties: the database, the outbox's handlers and worker, the content
// copies, and what server.mjs hands the app.
//
// Plain JavaScript so that server.mjs (run by Node without a compiler) imports the same file.

const TABLE = Symbol.for('billme.process');

/** The process-wide value `name`, made by `create` on first use (the same object in every bundle). */
export function processValue(name, create) {
  const table = (globalThis[TABLE] ??= new Map());
  if (!table.has(name)) table.set(name, create());
  return table.get(name);
}

/** Forgets a process-wide value (a closed database; tests). */
export function dropProcessValue(name) {
  globalThis[TABLE]?.delete(name);
}

const server = () => processValue('server', () => ({ clientHeader: null, shutdown: [] }));

/**
 * server.mjs: the client's address (from the socket, or from the trusted proxy's X-Forwarded-For
 * entry) travels to the app in a request header whose name is random per process, so no client can
 * send it. Setting it also tells the app that server.mjs is in front (see `serverGuarantees`).
 */
export function setClientHeader(name) {
  server().clientHeader = name;
}

/** The header name server.mjs put the client's address in, or null when the app runs without it. */
export function clientHeader() {
  return server().clientHeader;
}

/** The app: work to do on SIGTERM once the requests in flight are done (the outbox, the database). */
export function onShutdown(task) {
  server().shutdown.push(task);
}

/** server.mjs on SIGTERM: runs the app's shutdown work, last registered first. */
export async function runShutdown() {
  const tasks = server().shutdown.splice(0).reverse();
  for (const task of tasks) {
    try {
      await task();
    } catch (error) {
      console.error('[shutdown]', error);
    }
  }
}

/** server.mjs: its page cache (lib/http/page-cache.mjs), which the app empties on a revalidation. */
export function setPageCache(cache) {
  server().pageCache = cache;
}

/** The app (lib/content/cache.ts): empties the kept pages of a language on every instance (none without server.mjs). */
export function invalidatePages(language) {
  server().pageCache?.invalidate(language);
}

/** The app (lib/content/cache.ts): whether its content API is failing, so the page cache keeps no page then. */
export function contentDegraded(degraded) {
  server().pageCache?.setDegraded(degraded);
}

/**
 * The proxy asks for a status in this response header (503 while content is unavailable) because a
 * Next rewrite always answers 200; server.mjs applies it when the head is written and removes the
 * header. Without server.mjs the header is never applied.
 */
export const STATUS_HEADER = 'x-billme-status';

/** The status the proxy asked for in `headers` (a 4xx or 5xx), else null. */
export function requestedStatus(value) {
  const status = Number(value);
  return Number.isInteger(status) && status >= 400 && status < 600 ? status : null;
}

/**
 * What the app loses when it runs without server.mjs (`next start`, another host): empty when
 * server.mjs is in front. instrumentation.ts logs them once at start-up.
 */
export function missingGuarantees() {
  if (clientHeader()) return [];
  return [
    'client addresses are not trusted: every visitor shares one rate-limit key',
    `the proxy's statuses are not applied (${STATUS_HEADER}): the unavailable page answers 200 instead of 503`,
    'chunked request bodies are not limited before Next reads them',
    'SIGTERM does not let the outbox settle the row it holds',
  ];
}
