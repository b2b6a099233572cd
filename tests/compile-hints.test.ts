import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a build script without types
import { COMPILE_HINT, startupScripts, withCompileHint } from '../scripts/compile-hints.mjs';

describe('compile hints', () => {
  it('puts the hint on the first line of a script, once', () => {
    const once = withCompileHint('(globalThis.TURBOPACK||[]).push([1]);');
    expect(once).toBe(`//# allFunctionsCalledOnLoad\n(globalThis.TURBOPACK||[]).push([1]);`);
    expect(withCompileHint(once)).toBe(once);
    expect(COMPILE_HINT.endsWith('\n')).toBe(true);
  });

  // Hand-written manifests; that a real build's name a page's startup scripts is held by tests/next-contract (assumption #12).
  it('marks the root main files and every route entry script, not the polyfills or on-demand chunks', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-hints-'));
    fs.writeFileSync(
      path.join(dist, 'build-manifest.json'),
      JSON.stringify({ rootMainFiles: ['static/chunks/react.js', 'static/chunks/main.js'], polyfillFiles: ['static/chunks/polyfills.js'] }),
    );
    const page = path.join(dist, 'server', 'app', '[locale]', 'faq');
    fs.mkdirSync(page, { recursive: true });
    const manifest = { entryJSFiles: { '[project]/app/[locale]/layout': ['static/chunks/layout.js'], '[project]/app/[locale]/faq/page': ['static/chunks/layout.js', 'static/chunks/faq.js', 'static/chunks/faq.css'] } };
    fs.writeFileSync(path.join(page, 'page_client-reference-manifest.js'), `globalThis.__RSC_MANIFEST=(globalThis.__RSC_MANIFEST||{});globalThis.__RSC_MANIFEST["/[locale]/faq/page"]=${JSON.stringify(manifest)};`);
    expect(startupScripts(dist).sort()).toEqual(['static/chunks/faq.js', 'static/chunks/layout.js', 'static/chunks/main.js', 'static/chunks/react.js']);
  });
});
