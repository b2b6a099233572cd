// Asks the browser to compile the scripts a page starts with while they download (issue 31: TBT).
// Runs once after `next build`, before scripts/precompress.mjs (the `build` script).
//
// V8 compiles a function lazily, on its first call, on the main thread. Next's startup calls most of the
// functions of its first scripts at once (React, the router, the page's islands), so after the last
// script arrived one task compiled them all: 25-35 ms on this machine, 100-140 ms in Lighthouse's 4x CPU,
// most of the page's Total Blocking Time. The magic comment `//# allFunctionsCalledOnLoad` on a script's
// first line (Chrome 136+, https://v8.dev/blog/explicit-compile-hints) makes V8 compile all of its
// functions eagerly, on a background thread while the script streams in. Other browsers read a comment.
//
// Only the startup scripts carry it: the root main files and the entry scripts of each app route (what
// a page's HTML names). A chunk loaded later on demand, and the polyfills (never run by a browser that
// reads the hint), stay lazy: eager compilation of code that is not called costs time and memory.
//
// Which scripts those are comes from Next's build manifests (lib/next-adapter/build.ts, assumption 12 of
// its README): Node runs that TypeScript module directly (type stripping).
import fs from 'node:fs';
import path from 'node:path';
import { startupScripts } from '../lib/next-adapter/build.ts';

export { startupScripts };

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** A script's source with the hint on its first line (once). */
export function withCompileHint(source) {
  return source.startsWith(COMPILE_HINT) ? source : COMPILE_HINT + source;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const distDir = path.resolve(process.argv[2] ?? '.next');
  const scripts = startupScripts(distDir);
  for (const script of scripts) {
    const file = path.join(distDir, script);
    fs.writeFileSync(file, withCompileHint(fs.readFileSync(file, 'utf8')));
  }
  console.log(`compile hints: ${scripts.length} startup scripts of ${path.relative(process.cwd(), distDir)} are compiled while they download`);
}
