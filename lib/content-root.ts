// The content root: the folder the embedded content, the company catalogue and the company facts are read from.
import path from 'node:path';
import { bootEnv } from './boot-env.ts';

/**
 * `CONTENT_DIR` (relative to the working directory) or `content/`. Read at run time, so one build serves
 * any content folder (`npm run content:scale` writes grown copies of it; `npm run bench:scale` uses them).
 * The facts (lib/facts/file.ts) are read before lib/env.ts can be, so the key is in lib/boot-env.ts.
 */
export function contentRoot(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), bootEnv().CONTENT_DIR ?? 'content');
}
