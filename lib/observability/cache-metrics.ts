// Gauges of the process's bounded caches (issue 50): how full each is beside its bound in lib/limits.ts, read at scrape time.
import client, { type Registry } from 'prom-client';
import { processValue } from '../handoff.ts';

/** What a bounded cache says of itself: its size, its bound (entries or bytes) and, for the page cache, its lookups. */
export type CacheSize = { entries: number; bytes?: number; maxEntries?: number; maxBytes?: number; hits?: number; misses?: number; bypasses?: number };
/** The bounded caches, a short list fixed in code (the `cache` label's only values). */
export const cacheNames = ['page', 'content_parsed'] as const;
export type CacheName = (typeof cacheNames)[number];

/** Who reads each cache's size: handed in by its owner (server.ts for the page cache, lib/content/remote.ts), in the process table like the registry. */
const sources = processValue('cacheSizeSources', () => new Map<CacheName, () => CacheSize>());

export function setCacheSizeSource(name: CacheName, read: () => CacheSize): void {
  sources.set(name, read);
}

const sizes = () => cacheNames.map((cache) => [cache, sources.get(cache)?.() ?? null] as const);
const lookupResults = ['hit', 'miss', 'bypass'] as const;

/** Registers the gauges (every cache's series present from the start, at 0 until its owner hands in a source). */
export function registerCacheMetrics(registry: Registry): void {
  const gauge = (name: string, help: string, value: (size: CacheSize) => number | undefined) =>
    new client.Gauge({
      name,
      help,
      labelNames: ['cache'],
      registers: [registry],
      collect() {
        for (const [cache, size] of sizes()) this.set({ cache }, (size && value(size)) ?? 0);
      },
    });
  gauge('billme_cache_entries', 'Entries in a bounded cache of this process, by cache', (size) => size.entries);
  gauge('billme_cache_max_entries', 'The entry bound of a cache (lib/limits.ts); 0 for a cache bounded by bytes', (size) => size.maxEntries);
  gauge('billme_cache_bytes', 'Bytes a cache bounded by bytes holds (0 for one bounded by entries)', (size) => size.bytes);
  gauge('billme_cache_max_bytes', 'The byte bound of a cache (lib/limits.ts); 0 for a cache bounded by entries', (size) => size.maxBytes);
  // The page cache's own counts, turned into a counter: each scrape adds what happened since the last one.
  const seen = { hit: 0, miss: 0, bypass: 0 };
  new client.Counter({
    name: 'billme_page_cache_lookups_total',
    help: 'Requests the page cache of server.ts looked at, by result: hit, miss (rendered, then maybe kept) or bypass (never cacheable)',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      const page = sources.get('page')?.();
      const now = { hit: page?.hits ?? 0, miss: page?.misses ?? 0, bypass: page?.bypasses ?? 0 };
      for (const result of lookupResults) {
        this.inc({ result }, Math.max(0, now[result] - seen[result]));
        seen[result] = Math.max(seen[result], now[result]);
      }
    },
  });
}
