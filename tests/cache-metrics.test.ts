// The bounded caches on the metrics port (issue 50): each one's size beside its bound, and the page cache's lookups.
import client from 'prom-client';
import { describe, expect, it } from 'vitest';
import { registerCacheMetrics, setCacheSizeSource } from '@/lib/observability/cache-metrics.ts';
import { PAGE_CACHE_MAX_BYTES } from '@/lib/limits.ts';

const value = (text: string, series: string) => Number(new RegExp(`^${series.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1]);

describe('bounded cache metrics', () => {
  it('show every cache at 0 before its owner hands in a source, then its size, its bound and the page cache\'s hits since the last scrape', async () => {
    const registry = new client.Registry();
    registerCacheMetrics(registry);
    const before = await registry.metrics();
    expect(value(before, 'billme_cache_entries{cache="page"}')).toBe(0);
    expect(value(before, 'billme_cache_entries{cache="content_parsed"}')).toBe(0);
    expect(value(before, 'billme_page_cache_lookups_total{result="hit"}')).toBe(0);

    const page = { entries: 3, bytes: 120_000, hits: 5, misses: 3, bypasses: 1 };
    setCacheSizeSource('page', () => ({ ...page, maxBytes: PAGE_CACHE_MAX_BYTES }));
    setCacheSizeSource('content_parsed', () => ({ entries: 7, maxEntries: 200 }));
    const after = await registry.metrics();
    expect(value(after, 'billme_cache_entries{cache="page"}')).toBe(3);
    expect(value(after, 'billme_cache_bytes{cache="page"}')).toBe(120_000);
    expect(value(after, 'billme_cache_max_bytes{cache="page"}')).toBe(PAGE_CACHE_MAX_BYTES);
    expect(value(after, 'billme_cache_max_entries{cache="content_parsed"}')).toBe(200);
    expect(value(after, 'billme_page_cache_lookups_total{result="hit"}')).toBe(5);

    page.hits = 9;
    expect(value(await registry.metrics(), 'billme_page_cache_lookups_total{result="hit"}')).toBe(9);
  });
});
