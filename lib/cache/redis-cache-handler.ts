// Next's data cache (the `cacheHandler` of next.config.ts) in Redis, so that every instance of the site
// shares one cache and a `revalidateTag` on one instance refreshes all of them. Used when REDIS_URL is
// set, with `cacheMaxMemorySize: 0` (no per-instance copy that could disagree).
//
// Written here on the `redis` client rather than taken from a package. Re-checked on Node 24 (issue 40):
// @fortedigital/nextjs-cache-handler 3.3 (engines >=22, Next >=16.1.5) now fits, but it keeps a local
// LRU copy by default (here, none: every instance reads the one shared entry), and this file's failure
// behaviour (a short timeout, then render uncached; the hit/miss/error metric; one log line when Redis
// goes and one when it is back) would have to be rebuilt around it. The shape Next expects is small
// (get, set, revalidateTag, resetRequestCache) and is type-checked against Next's own CacheHandler.
//
// Loaded by Next by path (next.config.ts), with Node's type stripping: erasable TypeScript only, and
// relative imports with their extension.
//
// Entries: `billme:cache:<key>` holds the entry as JSON (Buffers and Maps tagged), with a TTL.
// Tags: the hash `billme:tags` holds, per tag, when it was last marked stale and when it expires.
// An entry older than its tag's expiry is a miss; older than its tag's stale mark, it is served stale
// (Next then refreshes it in the background): the `revalidateTag(tag, 'max')` the site uses.
//
// If Redis is down or slow, `get` misses and `set` is skipped after a short timeout: pages are rendered
// from the source, uncached, and one line is logged when Redis goes away and one when it is back.
import type { CacheHandler, CacheHandlerValue } from '../next-adapter/cache-handler.ts';
import { createClient } from 'redis';
import { bootEnv } from '../boot-env.ts';
import { logger } from '../observability/logger.ts';
import { metrics } from '../observability/metrics.ts';

const env = bootEnv();
const PREFIX = env.REDIS_KEY_PREFIX;
const TAGS = `${PREFIX}tags`;
const TIMEOUT_MS = env.REDIS_TIMEOUT_MS;
/** How long an entry is kept after it was written: long, so a stale copy outlives an API outage. */
const ENTRY_TTL_SECONDS = env.REDIS_CACHE_TTL_SECONDS;

type Redis = ReturnType<typeof createClient>;
/** What is stored per key: Next's value, when it was written, its tags and its lifetime. */
type Entry = CacheHandlerValue & { tags: string[] };
/** The tags Next gives with a lookup or a write (fetches); pages and routes carry theirs in a header. */
type TagContext = { tags?: string[]; softTags?: string[]; cacheControl?: CacheHandlerValue['cacheControl'] } | undefined;
type TagState = { stale?: number; expired?: number };

let client: Redis | null = null;
let healthy = true;

function report(ok: boolean, error?: unknown) {
  if (ok === healthy) return;
  healthy = ok;
  if (ok) logger('cache').info({ event: 'cache.redis_back' }, 'Redis is back: the shared cache is in use again');
  else logger('cache').error({ event: 'cache.redis_unavailable', err: error }, 'Redis unavailable: pages are rendered without the shared cache until it is back');
}

function connection(): Redis {
  if (!client) {
    client = createClient({
      url: bootEnv().REDIS_URL,
      // Commands fail at once while disconnected instead of queueing behind a reconnect.
      disableOfflineQueue: true,
      socket: { connectTimeout: TIMEOUT_MS, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5000) },
    });
    client.on('error', (error) => report(false, error));
    client.on('ready', () => report(true));
    client.connect().catch((error) => report(false, error));
  }
  return client;
}

/** A Redis call that gives up after TIMEOUT_MS; null (a miss) when Redis is unavailable. */
async function call<T>(work: (redis: Redis) => Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const redis = connection();
    if (!redis.isReady) throw new Error('not connected');
    const result = await Promise.race([
      work(redis),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
      }),
    ]);
    report(true);
    return result;
  } catch (error) {
    report(false, error);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** JSON with Buffers and Maps kept (page and route entries carry them; fetch entries are plain). */
function encode(value: Entry): string {
  return JSON.stringify(value, function replacer(this: Record<string, unknown>, key: string, item: unknown) {
    const raw = this[key];
    if (Buffer.isBuffer(raw)) return { __type: 'Buffer', data: raw.toString('base64') };
    if (raw instanceof Map) return { __type: 'Map', data: [...raw.entries()] };
    return item;
  });
}

type Tagged = { __type?: string; data?: unknown };
function decode(text: string): Entry {
  return JSON.parse(text, (_key, item: Tagged | null) => {
    if (item && item.__type === 'Buffer') return Buffer.from(item.data as string, 'base64');
    if (item && item.__type === 'Map') return new Map(item.data as [unknown, unknown][]);
    return item;
  }) as Entry;
}

/** The tags an entry belongs to: given by Next for fetches, kept with the entry for pages and routes. */
function tagsOf(ctx: TagContext, stored: Entry | null): string[] {
  const given = [...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])];
  const value = stored?.value;
  const header = value && 'headers' in value ? value.headers?.['x-next-cache-tags'] : undefined;
  return [...new Set([...given, ...(stored?.tags ?? []), ...(typeof header === 'string' ? header.split(',') : [])])];
}

export default class RedisCacheHandler implements CacheHandler {
  constructor() {
    connection();
  }

  async get(key: string, ctx: Parameters<CacheHandler['get']>[1]): Promise<CacheHandlerValue | null> {
    const text = await call((redis) => redis.get(`${PREFIX}cache:${key}`));
    const counted = await this.lookup(text, ctx as TagContext);
    metrics().cacheRequests.inc({ result: counted ? 'hit' : healthy ? 'miss' : 'error' });
    return counted;
  }

  /** The entry of a stored text, or null when it is missing or its tag expired it. */
  async lookup(text: string | null, ctx: TagContext): Promise<CacheHandlerValue | null> {
    if (!text) return null;
    const entry = decode(text);
    const tags = tagsOf(ctx, entry);
    if (tags.length > 0) {
      const states = (await call((redis) => redis.hmGet(TAGS, tags))) ?? [];
      const now = Date.now();
      let stale = false;
      for (const state of states) {
        if (!state) continue;
        const { expired, stale: staleAt } = JSON.parse(state) as TagState;
        // An entry written in the same millisecond as the revalidation counts as older than it: at
        // worst it is computed once more, never kept when it should not be.
        if (typeof expired === 'number' && expired <= now && expired >= entry.lastModified) return null;
        if (typeof staleAt === 'number' && staleAt >= entry.lastModified) stale = true;
      }
      // Served, but as old as can be: Next answers with it and refreshes it in the background.
      if (stale) return { ...entry, lastModified: 0 };
    }
    return entry;
  }

  async set(key: string, data: Parameters<CacheHandler['set']>[1], ctx: Parameters<CacheHandler['set']>[2]): Promise<void> {
    const given = ctx as TagContext;
    const entry: Entry = { value: data, lastModified: Date.now(), tags: tagsOf(given, null), cacheControl: given?.cacheControl };
    await call((redis) => redis.set(`${PREFIX}cache:${key}`, encode(entry), { EX: ENTRY_TTL_SECONDS }));
  }

  async revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void> {
    const list = typeof tags === 'string' ? [tags] : tags;
    if (list.length === 0) return;
    const now = Date.now();
    const states = (await call((redis) => redis.hmGet(TAGS, list))) ?? [];
    const updates: Record<string, string> = {};
    list.forEach((tag, index) => {
      const state = states[index];
      const previous = state ? (JSON.parse(state) as TagState) : {};
      updates[tag] = JSON.stringify(
        durations
          ? { ...previous, stale: now, ...(durations.expire !== undefined ? { expired: now + durations.expire * 1000 } : {}) }
          : { ...previous, expired: now },
      );
    });
    await call((redis) => redis.hSet(TAGS, updates));
  }

  resetRequestCache(): void {}
}
