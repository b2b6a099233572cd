export function bootEnv(): {
  PORT: number;
  HOST: string | undefined;
  TRUSTED_PROXY_HOPS: number;
  DEPLOYMENT_ID: string | undefined;
  REDIS_URL: string | undefined;
  REDIS_KEY_PREFIX: string;
  REDIS_TIMEOUT_MS: number;
  REDIS_CACHE_TTL_SECONDS: number;
  LOG_LEVEL: string;
  INSTANCE_NAME: string | undefined;
  METRICS_PORT: number;
  METRICS_HOST: string;
  PAGE_CACHE: string;
  PAGE_CACHE_STATUS: string;
};
export const bootEnvKeys: string[];
