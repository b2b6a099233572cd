import react from '@vitejs/plugin-react';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': path.dirname(fileURLToPath(import.meta.url)) } },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    // The production-mode tests need the cluster: vitest.cluster.config.mts runs them after the build.
    // The Next contract builds its own tiny app: tests/next-contract/vitest.config.mts, once in scripts/test.sh.
    exclude: ['tests/cluster/**', 'tests/next-contract/**', 'node_modules/**'],
    environment: 'node',
    globals: true,
    // Several tests start a second Node process or a real server; on a busy two-core machine (CI runs the
    // oldest Node's pass right after the browser suite) 5 s is too short for them, never for a logic error.
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores: one on a two-core machine, where two take
    // the unit step from 132 s to 103 s (much of each file's time is waiting for a child process or a server).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    setupFiles: ['tests/setup.ts'],
    // next-intl's ESM imports `next/navigation` without an extension; let Vite resolve it.
    server: { deps: { inline: ['next-intl'] } },
  },
});
