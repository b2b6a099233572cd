import path from 'node:path';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { bootEnv } from './lib/boot-env.ts';
import { CLOSED_CSP } from './lib/http/security-headers.ts';
import { BODY_MAX_BYTES } from './lib/limits.ts';

// The catalogues (messages/*.json, messages/mail/*.json) are compiled at build time: a request formats
// its strings without parsing ICU syntax, and the ICU parser is left out of the server bundle.
const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

/**
 * Several instances (production mode): REDIS_URL puts Next's data cache in Redis, shared by all of
 * them, with no per-instance memory copy. DEPLOYMENT_ID (and NEXT_SERVER_ACTIONS_ENCRYPTION_KEY, read by
 * Next itself) are set at build time, the same for every instance of a build.
 */
const { REDIS_URL, DEPLOYMENT_ID } = bootEnv();
const sharedCache: Partial<NextConfig> = REDIS_URL
  ? { cacheHandler: path.resolve('lib/cache/redis-cache-handler.ts'), cacheMaxMemorySize: 0 }
  : {};

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // server.ts compresses (lib/http/compression.ts): Brotli, and precompressed build files.
  compress: false,
  reactStrictMode: true,
  ...sharedCache,
  ...(DEPLOYMENT_ID ? { deploymentId: DEPLOYMENT_ID } : {}),
  experimental: {
    globalNotFound: true,
    // One stylesheet per page: each extra CSS request blocks the first paint longer than its bytes would.
    cssChunking: { type: 'graph', requestCost: 1_000_000 },
    // A job application carries a CV (lib/limits.ts); the proxy answers 413 above its route's limit.
    serverActions: { bodySizeLimit: BODY_MAX_BYTES },
  },
  // Native and server-only packages: loaded from node_modules at run time, never bundled.
  // pdfkit reads its font metrics from its own folder at run time (the receipt PDF).
  serverExternalPackages: ['better-sqlite3', 'pg', 'redis', 'nodemailer', 'pdfkit'],
  turbopack: {
    // better-sqlite3 13 picks its Node-API binary at run time (`require(getPrebuildPath() || filename)`), which
    // Turbopack's file tracing cannot resolve statically; the package stays external and loads it from
    // node_modules, so the trace of that one require is not needed.
    ignoreIssue: [{ path: /node_modules\/better-sqlite3\/lib\/binding\.js$/, title: /Module not found/ }],
  },
  images: {
    formats: ['image/avif', 'image/webp'],
    // The site's closed policy (Next's default lacks frame-ancestors), sandboxed as Next's is.
    contentSecurityPolicy: `${CLOSED_CSP}; sandbox`,
  },
  // Font files and the icon sprite carry a hash of their content in their name (scripts/fonts/build.mjs,
  // scripts/icons/build.mjs): cached for good.
  async headers() {
    const forGood = [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }];
    return [
      { source: '/fonts/:file', headers: forGood },
      { source: '/icons/:file', headers: forGood },
    ];
  },
};

export default withNextIntl(nextConfig);
