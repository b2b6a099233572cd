// The interface of Next's data cache handler (next.config `cacheHandler`): lib/cache/redis-cache-handler.ts
// implements it. Next exports it only from its dist folder; types only.
export type { CacheHandler, CacheHandlerValue } from 'next/dist/server/lib/incremental-cache';
