export function bootEnv(): {
  PORT: number;
  HOST: string | undefined;
  TRUSTED_PROXY_HOPS: number;
  DEPLOYMENT_ID: string | undefined;
  REDIS_URL: string | undefined;
  REDIS_KEY_PREFIX: string;
  REDIS_TIMEOUT_MS: number;
  REDIS_CACHE_TTL_SECONDS: number;
};
export const bootEnvKeys: string[];
