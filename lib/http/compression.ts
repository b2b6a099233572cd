// Response compression for the production server (server.ts), in place of Next's own (`compress: false`
// in next.config.ts). Next's gzips every response at level 6 and flushes each streamed chunk with a full
// flush, which forgets everything before it: the page's RSC payload could no longer refer back to its
// HTML, and the home page's document came to 18 KB. Here:
//
// - pages, RSC payloads and other dynamic answers are compressed with Brotli when the client accepts it
//   (every current browser over HTTPS, and on localhost), at quality 5 (about 2 ms for a 90 KB page);
//   a Brotli flush keeps its window, so the home page's document is about 14 KB instead of 18 KB. That
//   is one TCP window: a phone gets it in one round trip less. Others get gzip as before;
// - the build's own files (/_next/static) are sent from copies compressed once at their best level by
//   scripts/precompress.mjs after `next build` (Brotli 11 and gzip 9): 9 % smaller than before, and no
//   compression work per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import compression from 'compression';

/** The encodings a request accepts, by the q-values of its Accept-Encoding header. */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name.trim());
  }
  return accepted;
}

const TYPES: Record<string, string> = { '.js': 'application/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.svg': 'image/svg+xml', '.txt': 'text/plain; charset=utf-8' };

/** The build's text files that are compressed ahead (absolute paths under `<distDir>/static`). */
export function builtTextFiles(distDir: string): string[] {
  const root = path.join(distDir, 'static');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && TYPES[path.extname(entry.name)])
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The build's precompressed static files, by URL path: read once at start. Only a path in this map is
 * answered here (an exact match, so no path from a request reaches the file system); anything else, and
 * a file without both compressed copies, goes on to Next.
 */
type Encoding = 'br' | 'gzip' | 'identity';
type StaticFile = { bodies: Record<Encoding, [file: string, size: number]>; type: string; etag: string };

function staticFiles(distDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const root = path.join(distDir, 'static');
  for (const original of builtTextFiles(distDir)) {
    if (!fs.existsSync(`${original}.br`) || !fs.existsSync(`${original}.gz`)) continue;
    const url = `/_next/static/${path.relative(root, original).split(path.sep).join('/')}`;
    const { mtimeMs, size } = fs.statSync(original);
    const withSize = (file: string): [string, number] => [file, fs.statSync(file).size];
    const bodies = { br: withSize(`${original}.br`), gzip: withSize(`${original}.gz`), identity: withSize(original) };
    files.set(url, { bodies, type: TYPES[path.extname(original)] ?? 'application/octet-stream', etag: `"${size.toString(36)}-${Math.floor(mtimeMs).toString(36)}` });
  }
  return files;
}

/**
 * Returns `serveStatic(req, res)`, which answers a request for a precompressed build file and says
 * whether it did, and `compress(req, res)`, which makes the response that follows compressed.
 */
export function createCompression({ distDir }: { distDir: string }): { compress(req: IncomingMessage, res: ServerResponse): void; serveStatic(req: IncomingMessage, res: ServerResponse): boolean } {
  const files = staticFiles(distDir);
  const dynamic = compression({
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } },
  });
  return {
    // The middleware only hooks the response's methods; it calls its `next` at once.
    compress: (req, res) => dynamic(req, res, () => undefined),
    serveStatic(req, res) {
      const file = (req.method === 'GET' || req.method === 'HEAD') && files.get((req.url ?? '').split('?')[0] ?? '');
      if (!file) return false;
      const accepted = acceptedEncodings(req.headers['accept-encoding']);
      const encoding: Encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity';
      const etag = `${file.etag}-${encoding}"`;
      const [body, size] = file.bodies[encoding];
      const headers: OutgoingHttpHeaders = {
        'content-type': file.type,
        'cache-control': 'public, max-age=31536000, immutable',
        vary: 'Accept-Encoding',
        etag,
        'x-content-type-options': 'nosniff',
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      };
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers);
        res.end();
        return true;
      }
      res.writeHead(200, { ...headers, 'content-length': size });
      if (req.method === 'HEAD') res.end();
      else fs.createReadStream(body).on('error', () => res.destroy()).pipe(res);
      return true;
    },
  };
}
