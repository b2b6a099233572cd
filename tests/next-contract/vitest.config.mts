// The Next contract (lib/next-adapter/README.md): builds a tiny app with the installed next and checks
// each assumption of the adapter on its real output. Run once by scripts/test.sh:
//   npx vitest run -c tests/next-contract/vitest.config.mts
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default defineConfig({
  root,
  resolve: { alias: { '@': root } },
  test: {
    include: ['tests/next-contract/**/*.test.ts'],
    environment: 'node',
    // `next build` of the tiny app, two `next start`s and one Chromium page.
    hookTimeout: 300_000,
    testTimeout: 60_000,
  },
});
