// The tiny Next app the contract builds (harness.ts): one layout, one page with a client component and
// streamed metadata, a dynamic page, a route handler, a proxy that sets a CSP nonce the way proxy.ts does,
// and a deployment id. Plain JavaScript, so `next build` skips the TypeScript check (a faster build).

/** The deployment id the tiny build is made with (assumption 3). */
export const DEPLOYMENT_ID = 'contract-dpl';
/** A path the tiny proxy rewrites to `/` asking for status 503 (assumption 10). */
export const REWRITTEN_PATH = '/rewritten';
/** The page's title, from generateMetadata: streamed to a browser, in <head> for an HTML-limited bot (assumption 6). */
export const TITLE = 'Tiny contract page';

export const TINY_APP: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'next-contract-tiny-app', private: true }),
  // The repository's node_modules is a symlink out of this folder: Turbopack must be allowed to read it.
  // No build cache: each run builds from nothing.
  'next.config.mjs': `export default {
  deploymentId: ${JSON.stringify(DEPLOYMENT_ID)},
  poweredByHeader: false,
  turbopack: { root: '/' },
  experimental: { turbopackFileSystemCacheForBuild: false },
};
`,
  // The nonce is named in x-tiny-nonce too, for the check. TINY_DROP_NONCE=1 (a deliberate break,
  // contract.test.ts): no CSP on the request nor on the answer (Next copies the proxy's answer headers
  // onto the request), so Next has no nonce to use.
  'proxy.js': `import { NextResponse } from 'next/server';
export default function proxy(request) {
  const nonce = btoa(crypto.randomUUID());
  const csp = "script-src 'nonce-" + nonce + "' 'strict-dynamic'; style-src 'self' 'nonce-" + nonce + "'";
  const drop = process.env.TINY_DROP_NONCE === '1';
  const headers = new Headers(request.headers);
  if (!drop) headers.set('content-security-policy', csp);
  const response = request.nextUrl.pathname === ${JSON.stringify(REWRITTEN_PATH)}
    ? NextResponse.rewrite(new URL('/', request.url), { status: 503, request: { headers } })
    : NextResponse.next({ request: { headers } });
  if (!drop) response.headers.set('content-security-policy', csp);
  response.headers.set('x-tiny-nonce', nonce);
  return response;
}
export const config = { matcher: ['/((?!_next/).*)'] };
`,
  'app/layout.jsx': `export default function Layout({ children }) {
  return <html lang="en"><body>{children}</body></html>;
}
`,
  'app/counter.jsx': `'use client';
import { useState } from 'react';
export function Counter() {
  const [count, setCount] = useState(0);
  return <button type="button" onClick={() => setCount(count + 1)}>{'Clicked ' + count}</button>;
}
`,
  'app/page.jsx': `import { Counter } from './counter';
export const dynamic = 'force-dynamic';
export async function generateMetadata() {
  await new Promise((resolve) => setTimeout(resolve, 1));
  return { title: ${JSON.stringify(TITLE)} };
}
export default function Page() {
  return <main><h1>Tiny</h1><Counter /></main>;
}
`,
  'app/posts/[slug]/page.jsx': `export default async function Post({ params }) {
  const { slug } = await params;
  return <main><h1>{slug}</h1></main>;
}
`,
  'app/api/ping/route.js': `export function GET() {
  return Response.json({ ok: true });
}
`,
  // The site's server.ts runs Next inside its own HTTP server and patches the response's methods
  // (assumption 8): this one records which of them Next calls and how many body bytes pass through them.
  'recorder.mjs': `import http from 'node:http';
import next from 'next';
const port = Number(process.argv[2]);
const app = next({ dev: false, dir: process.cwd(), hostname: 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();
const records = new Map();
http.createServer((req, res) => {
  if (req.url.startsWith('/__record?')) return res.end(JSON.stringify(records.get(new URL(req.url, 'http://x').searchParams.get('path')) ?? null));
  const record = { calls: [], bytes: 0 };
  records.set(req.url, record);
  for (const name of ['setHeader', 'writeHead', 'write', 'end', 'flushHeaders']) {
    const original = res[name].bind(res);
    res[name] = (...args) => {
      if (!record.calls.includes(name)) record.calls.push(name);
      if ((name === 'write' || name === 'end') && args[0] && typeof args[0] !== 'function') record.bytes += Buffer.byteLength(args[0]);
      return original(...args);
    };
  }
  handle(req, res);
}).listen(port, '127.0.0.1', () => console.log('recorder ready'));
`,
};
