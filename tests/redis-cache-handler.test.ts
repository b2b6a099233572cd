import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The shared Next cache against a real Redis from Debian's package (deploy/servers.sh installs it),
 * started here on a free loopback port and stopped and restarted to show what an outage costs.
 */
const redis = await vi.hoisted(async () => {
  const { createServer } = await import('node:net');
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as import('node:net').AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
  process.env.REDIS_TIMEOUT_MS = '300';
  return { port };
});

let server: ChildProcess | null = null;
async function startRedis() {
  server = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(redis.port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(redis.port, '127.0.0.1', () => (socket.end(), resolve(true))).on('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('redis-server did not start');
}
async function stopRedis() {
  const running = server;
  if (!running) return;
  server = null;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  execFileSync('bash', ['deploy/servers.sh', 'install', 'redis'], { stdio: 'inherit' });
  await startRedis();
});
afterAll(stopRedis);

type Handler = {
  get(key: string, ctx: object): Promise<{ lastModified: number; value: unknown } | null>;
  set(key: string, data: unknown, ctx: object): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
};
// Two handlers with their own Redis connections, as two instances of the site would have.
const load = async (instance: string): Promise<Handler> => {
  const loaded = (await import(/* @vite-ignore */ `../lib/cache/redis-cache-handler.ts?instance=${instance}`)) as { default: new () => Handler };
  return new loaded.default();
};
const fetchEntry = (body: string) => ({ kind: 'FETCH', data: { headers: {}, body: Buffer.from(body).toString('base64'), status: 200, url: 'http://api/x' }, revalidate: 300 });
const ctx = { kind: 'FETCH', tags: ['content:articles:en'], softTags: [] };
/** Waits until a handler's connection is up (a write can be read back). */
const connected = (handler: Handler) =>
  until(async () => {
    await handler.set('warm', fetchEntry('warm'), {});
    return (await handler.get('warm', {})) !== null;
  });
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 50 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
};

describe('the Redis cache handler', () => {
  it('keeps an entry for every instance, Buffers and all', async () => {
    const [a, b] = [await load('a'), await load('b')];
    await Promise.all([connected(a), connected(b)]);
    await a.set('k1', fetchEntry('hello'), ctx);
    const seen = await b.get('k1', ctx);
    expect(seen?.value).toEqual(fetchEntry('hello'));
    const page = { kind: 'APP_PAGE', html: '<p>x</p>', rscData: Buffer.from([1, 2, 3]), segmentData: new Map([['/a', Buffer.from('s')]]), headers: { 'x-next-cache-tags': 'content:pages:lv' }, status: 200 };
    await a.set('page', page, {});
    const back = (await b.get('page', {}))?.value as typeof page;
    expect(Buffer.isBuffer(back.rscData) && back.rscData.equals(page.rscData)).toBe(true);
    expect(back.segmentData.get('/a')?.toString()).toBe('s');
  });

  it('revalidateTag on one instance: stale everywhere with "max", gone with expire 0', async () => {
    const [a, b] = [await load('c'), await load('d')];
    await Promise.all([connected(a), connected(b)]);
    await b.set('k2', fetchEntry('old'), ctx);
    expect((await a.get('k2', ctx))?.lastModified).toBeGreaterThan(0);
    await a.revalidateTag('content:articles:en', { expire: 31_536_000 }); // the 'max' profile
    const stale = await b.get('k2', ctx);
    expect(stale?.value).toEqual(fetchEntry('old')); // served...
    expect(stale?.lastModified).toBe(0); // ...as stale, refreshed in the background
    await new Promise((resolve) => setTimeout(resolve, 5));
    await b.set('k2', fetchEntry('new'), ctx);
    expect((await a.get('k2', ctx))?.lastModified).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await b.revalidateTag(['content:articles:en'], { expire: 0 });
    expect(await a.get('k2', ctx)).toBeNull();
    // Other tags are untouched.
    await a.set('k3', fetchEntry('other'), { kind: 'FETCH', tags: ['content:guides:en'] });
    expect((await b.get('k3', { kind: 'FETCH', tags: ['content:guides:en'] }))?.lastModified).toBeGreaterThan(0);
  });

  it('an entry written in the same millisecond as a revalidation counts as older than it', async () => {
    const [a, b] = [await load('f'), await load('g')];
    await Promise.all([connected(a), connected(b)]);
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 60_000);
    try {
      await b.set('k5', fetchEntry('same-ms'), ctx);
      await a.revalidateTag('content:articles:en', { expire: 31_536_000 });
      expect((await b.get('k5', ctx))?.lastModified).toBe(0);
      await a.revalidateTag('content:articles:en', { expire: 0 });
      expect(await b.get('k5', ctx)).toBeNull();
    } finally {
      now.mockRestore();
    }
  });

  it('Redis gone: misses at once, one log line, and back to work when Redis returns', async () => {
    const a = await load('e');
    await connected(a);
    await a.set('k4', fetchEntry('kept'), ctx);
    // The handler's log lines (lib/observability's logger, JSON), captured.
    const lines: { event?: string }[] = [];
    const { configureLogger } = await import('@/lib/observability/logger.ts');
    const { Writable } = await import('node:stream');
    configureLogger({ destination: new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk))), done()) }) });
    await stopRedis();
    const outageLines = () => lines.filter((line) => line.event === 'cache.redis_unavailable').length;
    expect(await a.get('k4', ctx)).toBeNull();
    const afterFirst = outageLines();
    expect(afterFirst).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 5; i++) {
      const started = Date.now();
      expect(await a.get('k4', ctx)).toBeNull();
      await a.set('k5', fetchEntry('lost'), ctx);
      expect(Date.now() - started).toBeLessThan(1000);
    }
    expect(outageLines()).toBe(afterFirst); // one line per outage, not one per request
    await startRedis();
    await until(async () => {
      await a.set('k6', fetchEntry('back'), ctx);
      return (await a.get('k6', ctx)) !== null;
    });
    expect((await a.get('k6', ctx))?.value).toEqual(fetchEntry('back'));
    expect(lines.some((line) => line.event === 'cache.redis_back')).toBe(true);
    configureLogger();
  });
});
