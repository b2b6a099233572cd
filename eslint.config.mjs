import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import billme from './eslint/boundaries.mjs';

const NEXT_FENCE = "Next's internals are read only in lib/next-adapter (see its README): import the adapter's named function or constant.";
/** Strings that name Next's internals: globals, manifests, build id, bootstrap id, internal and router headers. */
const NEXT_NAMES = String.raw`__next_f|__NEXT_DATA__|__reactFiber|__RSC_MANIFEST|_client-reference-manifest|routes-manifest|app-paths-manifest|build-manifest|BUILD_ID|^_R_$|x-middleware-|next.dist.|^(rsc|next-action|next-router-state-tree|next-router-prefetch|next-router-segment-prefetch|next-url|next-hmr-refresh)$`;
const NEXT_INTERNALS = [
  { selector: `Literal[value=/${NEXT_NAMES}/i]`, message: NEXT_FENCE },
  { selector: `Literal[regex.pattern=/${NEXT_NAMES}/i]`, message: NEXT_FENCE },
  { selector: `TemplateElement[value.raw=/${NEXT_NAMES}/i]`, message: NEXT_FENCE },
];

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
    files: ['app/**', 'components/**', 'lib/**', 'proxy.ts', 'instrumentation.ts', 'instrumentation-node.ts', 'server.ts'],
    ignores: ['lib/handoff.ts'],
    rules: { 'no-restricted-globals': ['error', { name: 'globalThis', message: 'Share process-wide values through processValue() of lib/handoff.ts.' }] },
  },
  // Next's internals are read in one place, lib/next-adapter (its README lists each assumption and the
  // contract test that holds it; issue 37): nothing else imports next/dist or names Next's globals,
  // manifests, bootstrap id, internal headers or router headers. Tests in tests/ may feed hand-written
  // Next output to the site's own logic.
  {
    files: ['**/*.{ts,tsx,mjs,mts,js}'],
    ignores: ['lib/next-adapter/**', 'tests/**', 'eslint.config.mjs'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['next/dist', 'next/dist/**'], message: NEXT_FENCE }] }],
      'no-restricted-syntax': ['error', ...NEXT_INTERNALS],
    },
  },
  // The loader of lib/http/late-scripts.ts hands the fetched data to the runtime's `self.__next_f` (assumption
  // 1): the loader stays with the page cache's late loading; the rest of the fence applies.
  {
    files: ['lib/http/late-scripts.ts'],
    rules: { 'no-restricted-syntax': ['error', ...NEXT_INTERNALS.filter((rule) => !rule.selector.startsWith('TemplateElement'))] },
  },
];

export default config;
