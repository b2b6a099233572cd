import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The fence around lib/next-adapter (eslint.config.mjs, issue 37): outside it, nothing imports next/dist
 * or names Next's globals, manifests, bootstrap id, internal or router headers. Linted as the project's
 * ESLint lints a file at that place.
 */
const FENCE = "Next's internals are read only in lib/next-adapter";
const VIOLATIONS = [
  "import { shouldServeStreamingMetadata } from 'next/dist/server/lib/streaming-metadata.js';",
  'export const a = shouldServeStreamingMetadata;',
  "export const data = (globalThis as unknown as Record<string, unknown>)['__next_f'];",
  'export const push = /self\\.__next_f\\.push/;',
  "export const internal = 'x-middleware-rewrite';",
  'export const manifest = `.next/${"server"}/app-paths-manifest.json`;',
  "export const router = 'next-router-state-tree';",
  "export const bootstrap = '_R_';",
].join('\n');

async function fenceLines(file: string): Promise<number[]> {
  const eslint = new ESLint({ cwd: path.resolve('.') });
  const [result] = await eslint.lintText(VIOLATIONS, { filePath: path.resolve(file) });
  return (result?.messages ?? []).filter((m) => m.message.includes(FENCE)).map((m) => m.line);
}

describe('the fence around lib/next-adapter', () => {
  it("refuses Next's internals anywhere else, one error per line", async () => {
    expect(new Set(await fenceLines('lib/http/fence-probe.ts'))).toEqual(new Set([1, 3, 4, 5, 6, 7, 8]));
    expect((await fenceLines('e2e/fence-probe.ts')).length).toBeGreaterThan(0);
  }, 60_000);

  it('lets the adapter itself read them', async () => {
    expect(await fenceLines('lib/next-adapter/fence-probe.ts')).toEqual([]);
  }, 60_000);
});
