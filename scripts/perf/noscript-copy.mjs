// The page's own floor for `npm run bench:web` (copied from ../shared/bench/noscript-copy.mjs, which CI
// has read-only): serves, on a port, the site's pages with every script removed (their HTML, CSS, fonts
// and images, no JavaScript), Brotli-compressed like the site's own documents; every other path is
// proxied to the site unchanged (CSS, fonts, images).
//
//   node scripts/perf/noscript-copy.mjs SITE_ORIGIN PORT
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const strip = (html) =>
  html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="(?:preload|modulepreload)"[^>]*as="script"[^>]*>/gi, '')
    .replace(/<link\b[^>]*as="script"[^>]*rel="(?:preload|modulepreload)"[^>]*>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');

/** Starts the copy of `origin` on `port`; returns the server. */
export function startNoscriptCopy(origin, port) {
  return http
    .createServer(async (req, res) => {
      const page = /text\/html/.test(req.headers.accept ?? '');
      if (!page) {
        // Everything else piped as the site sends it (its own compression included).
        const up = http.request(origin + req.url, { method: req.method, headers: { ...req.headers, host: new URL(origin).host } }, (r) => {
          res.writeHead(r.statusCode, r.headers);
          r.pipe(res);
        });
        // A connection cut mid-answer (Lighthouse closing a tab) must not end the copy's process.
        up.on('error', () => {
          if (!res.headersSent) res.writeHead(502);
          res.end();
        });
        return req.pipe(up);
      }
      try {
        const r = await fetch(origin + req.url, { headers: { cookie: req.headers.cookie ?? '', 'user-agent': req.headers['user-agent'] ?? '', 'accept-encoding': 'identity' }, redirect: 'manual' });
        const html = strip(Buffer.from(await r.arrayBuffer()).toString('utf8'));
        const br = zlib.brotliCompressSync(Buffer.from(html), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
        const keep = {};
        for (const [k, v] of r.headers) if (!/^(content-length|content-encoding|transfer-encoding|connection|content-security-policy|keep-alive)$/i.test(k)) keep[k] = v;
        res.writeHead(r.status, { ...keep, 'content-encoding': 'br' });
        res.end(br);
      } catch {
        res.writeHead(502);
        res.end();
      }
    })
    .listen(port);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [origin, port] = [process.argv[2], Number(process.argv[3] ?? 3601)];
  startNoscriptCopy(origin, port);
  console.log(`no-script copy of ${origin} on :${port}`);
}
