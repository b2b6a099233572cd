// Starts server.ts's page cache (lib/http/page-cache.ts): keyed by the build's id, invalidated across
// instances through Redis when REDIS_URL is set, or a cache that keeps nothing (PAGE_CACHE=off).
// Erasable TypeScript only (server.ts loads it).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBuildId } from '../next-adapter/build.ts';
import { PAGE_CACHE_MARK as MARK } from '../handoff.ts';
import { createPageCache, type Invalidations, type PageCache } from './page-cache.ts';

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
    const off: PageCache = { handle, misses: () => false, invalidate: () => undefined, setDegraded: () => undefined, stats: () => ({ hits: 0, misses: 0, bypasses: 0, entries: 0, bytes: 0 }) };
    return off;
  }
  // No build id (a development run): entries are still this process's own.
  const buildId = readBuildId(distDir) ?? 'unbuilt';
  const store = redisUrl ? await redisInvalidations(redisUrl) : null;
  const cache = createPageCache({ buildId, store, statusHeader, lateScripts });
  return cache;
}
