import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import billme from './eslint/boundaries.mjs';

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ['.next/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', 'data/**', '.servers/**'] },
  // The design's never-rules (eslint/boundaries.mjs): doors of lib/ domains, what components/ and the
  // lower libraries may import, and the one reader of process.env.
  {
    files: ['**/*.{ts,tsx,mjs,mts,js}'],
    plugins: { billme },
    rules: { 'billme/imports': 'error', 'billme/process-env': 'error' },
  },
  // Tools outside the app may read their own environment: tests and their configs set it, the
  // developer scripts (scripts/: benchmarks, screenshots, the Playwright launcher) pass it to children.
  {
    files: ['tests/**', 'e2e/**', 'scripts/**', 'playwright.config.ts', 'vitest.config.mts', 'vitest.cluster.config.mts'],
    rules: { 'billme/process-env': 'off' },
  },
  // What bundles of one process share lives in one table (lib/handoff.ts processValue), never in loose
  // globalThis properties (issue 37).
  {
    files: ['app/**', 'components/**', 'lib/**', 'proxy.ts', 'instrumentation.ts', 'server.ts'],
    ignores: ['lib/handoff.ts'],
    rules: { 'no-restricted-globals': ['error', { name: 'globalThis', message: 'Share process-wide values through processValue() of lib/handoff.ts.' }] },
  },
];

export default config;
