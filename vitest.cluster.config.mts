import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The production mode's tests: three instances behind nginx on PostgreSQL and Redis (deploy/cluster.sh),
 * started once from the existing production build by tests/cluster/setup.ts. Run after `npm run build`:
 * npx vitest run -c vitest.cluster.config.mts
 */
export default defineConfig({
  resolve: { alias: { '@': path.dirname(fileURLToPath(import.meta.url)) } },
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/cluster/setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
