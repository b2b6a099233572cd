// The environment of the code that runs outside the app's bundles, where lib/env.ts (compiled into the
// app, with its @/ imports) cannot be loaded: server.ts (Node, before Next starts), next.config.ts
// (at build time) and the Redis cache handler (which Next loads by path). The app reads lib/env.ts;
// these two files are the only readers of process.env (ESLint enforces it), and .env.example documents
// the keys of both (tests/env-example.test.ts).
import { NEXT_BUDGET_BURST_MS, NEXT_BUDGET_MS_PER_SECOND } from './limits.ts';

const given = (name: string): string | undefined => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
};
const number = (name: string, fallback: number): number => {
  const value = Number(given(name) ?? fallback);
  return Number.isFinite(value) ? value : fallback;
};

/**
 * Makes `id` the environment's DEPLOYMENT_ID (none for null): server.ts gives it the build's before Next
 * loads next.config.ts, which reads it here.
 */
export function adoptDeploymentId(id: string | null): void {
  if (id === null) delete process.env.DEPLOYMENT_ID;
  else process.env.DEPLOYMENT_ID = id;
}

/** Read at each call: a test (or a second cache handler) may change the environment in between. */
export function bootEnv() {
  return {
    PORT: number('PORT', 3000),
    HOST: given('HOST'),
    TRUSTED_PROXY_HOPS: Math.max(0, number('TRUSTED_PROXY_HOPS', 0)),
    DEPLOYMENT_ID: given('DEPLOYMENT_ID'),
    REDIS_URL: given('REDIS_URL'),
    REDIS_KEY_PREFIX: given('REDIS_KEY_PREFIX') ?? 'billme:',
    REDIS_TIMEOUT_MS: number('REDIS_TIMEOUT_MS', 500),
    /** How long a cache entry is kept after it was written: long, so a stale copy outlives an API outage. */
    REDIS_CACHE_TTL_SECONDS: number('REDIS_CACHE_TTL_SECONDS', 7 * 24 * 3600),
    // Logs and metrics of the production server (lib/observability; the app reads the same keys in lib/env.ts).
    LOG_LEVEL: given('LOG_LEVEL') ?? 'info',
    INSTANCE_NAME: given('INSTANCE_NAME'),
    METRICS_PORT: number('METRICS_PORT', 9464),
    METRICS_HOST: given('METRICS_HOST') ?? '127.0.0.1',
    /** server.ts's page cache (lib/http/page-cache.ts): 'off' renders every request. */
    PAGE_CACHE: given('PAGE_CACHE') ?? 'on',
    /** 'on': answers say `x-cache: hit | miss | bypass` (tests, or a trusted proxy that removes it); off by default. */
    PAGE_CACHE_STATUS: given('PAGE_CACHE_STATUS') ?? 'off',
    /** Time in Next per client and second while others are about (lib/http/next-budget.ts; 0: off). */
    NEXT_BUDGET_MS_PER_SECOND: number('NEXT_BUDGET_MS_PER_SECOND', NEXT_BUDGET_MS_PER_SECOND),
    /** What a client's budget holds at most (ms). */
    NEXT_BUDGET_BURST_MS: number('NEXT_BUDGET_BURST_MS', NEXT_BUDGET_BURST_MS),
    /** 'off': kept pages keep Next's scripts and RSC data inline instead of loading them after the first paint (lib/http/late-scripts.ts). */
    LATE_SCRIPTS: given('LATE_SCRIPTS') ?? 'on',
    /** The content root (lib/content-root.ts): unset, `content/`. */
    CONTENT_DIR: given('CONTENT_DIR'),
  };
}

/** The keys bootEnv reads (tests/env-example.test.ts). */
export const bootEnvKeys = Object.keys(bootEnv());
