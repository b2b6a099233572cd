import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GET as articles } from '@/app/api/site/articles/route';
import { GET as findGuide } from '@/app/api/site/find-guide/[text]/route';
import { GET as guides } from '@/app/api/site/guides/route';
import { GET as page } from '@/app/api/site/page/[slug]/route';
import { GET as pages } from '@/app/api/site/pages/route';
import { GET as vacancies } from '@/app/api/site/vacancies/route';

/** Calls the embedded API's route handlers the way Next routes `/api/site/*` to them. */
export async function callEmbeddedApi(path: string): Promise<Response> {
  const url = new URL(path, 'http://localhost');
  const request = new Request(url);
  const rest = url.pathname.replace(/^\/api\/site\//, '');
  const [head, param, extra] = rest.split('/');
  if (extra === undefined && param === undefined) {
    const handler = { articles, guides, pages, vacancies }[head as 'articles'];
    if (handler) return handler(request);
  }
  if (extra === undefined && param !== undefined) {
    if (head === 'find-guide') return findGuide(request, { params: Promise.resolve({ text: decodeURIComponent(param) }) });
    if (head === 'page') return page(request, { params: Promise.resolve({ slug: decodeURIComponent(param) }) });
  }
  return Response.json({ error: { code: 'not_found' } }, { status: 404 });
}

/** The embedded API over real HTTP on a free port, for the remote source to call. */
export async function startEmbeddedApiServer(): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const answer = await callEmbeddedApi(req.url ?? '/');
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
