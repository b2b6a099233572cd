// /_next/image asks Next to fetch `url` from this very site and resize it. For a `url` that names no
// image (`/_next/image?url=/x`), Next requests the path internally, gets a redirect, a page or an error,
// answers 500 (or that status) and writes the attacker's `url` into the error log, once per request.
// server.ts asks this gate first: a `url` that is not an image file of the site is answered 400 here,
// before Next, and nothing of it is logged. Next still checks the rest (w, q, the file's content).
// TypeScript that Node runs directly (type stripping): no `@/` paths.
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

/** Files Next's optimizer can resize (it refuses SVG itself, without logging). */
const IMAGE_FILE = /\.(?:avif|gif|jpe?g|png|svg|webp|ico)$/i;

/** Every file under `dir`, as the site path it is served at (`prefix` + its relative path). */
function filesUnder(dir: string, prefix: string, into: Set<string>): Set<string> {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return into; // no such folder (no build yet, in a test): nothing is an image
  }
  for (const entry of entries) {
    if (entry.isDirectory()) filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`, into);
    else if (IMAGE_FILE.test(entry.name)) into.add(`${prefix}${entry.name}`);
  }
  return into;
}

/**
 * The gate for `root` (the site's folder, with public/ and the build's .next/static/media/, read once at
 * start: both change only with a deploy). Returns a function that answers a /_next/image request whose
 * `url` is not one of those files (and returns true), or returns false and leaves the request to Next.
 */
export function createImageGate({ root }: { root: string }): (req: IncomingMessage, res: ServerResponse) => boolean {
  const images = filesUnder(path.join(root, 'public'), '/', new Set());
  filesUnder(path.join(root, '.next', 'static', 'media'), '/_next/static/media/', images);
  return (req, res) => {
    const [pathname = '', query = ''] = (req.url ?? '/').split('?', 2);
    if (pathname !== '/_next/image') return false;
    const url = new URLSearchParams(query).get('url') ?? '';
    const file = url.split('?')[0] ?? '';
    // Exactly one of the site's files: no other host (`//x`), no `..`, no escape can match.
    if (images.has(file)) return false;
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end('Bad request: "url" is not an image of this site\n');
    return true;
  };
}
