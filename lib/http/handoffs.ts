// What the proxy hands server.ts in an answer's headers, applied when the head is written: on a
// rendered answer and on one from the page cache alike (lib/http/page-cache.ts writes through it).
// Next's internal headers and the proxy's page-cache mark are hidden here too, on every answer: also on
// those the page cache does not look at (issue 47, finding 6).
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { PAGE_CACHE_MARK, requestedStatus, STATUS_HEADER } from '../handoff.ts';
import { editionCookies, EDITION_HEADER } from '../i18n/edition-cookies.ts';
import { isHiddenHeader } from '../next-adapter/response.ts';
import { isNextRouterRequest } from '../next-adapter/request-headers.ts';
/**
 * Applies what the proxy handed over in the answer's headers, when the head is written (rendered or
 * from the page cache alike), and hides Next's internal headers.
 */
export function applyHandoffs(req: IncomingMessage, res: ServerResponse, { https }: { https: boolean }): void {
  const router = isNextRouterRequest(req.headers);
  // The mark is read by the page cache (lib/http/page-cache.ts) until the head is written: set, then removed there.
  const hidden = (name: string) => isHiddenHeader(name, router) || name.toLowerCase() === PAGE_CACHE_MARK;
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => (isHiddenHeader(name, router) ? res : setHeader(name, value));
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const given = rest.find((arg): arg is OutgoingHttpHeaders => Boolean(arg) && typeof arg === 'object' && !Array.isArray(arg));
    const handed = (name: string) => {
      const value = res.getHeader(name) ?? given?.[name];
      res.removeHeader(name);
      if (given) delete given[name];
      return value;
    };
    // A status the proxy asked for (lib/handoff.ts: 503 while content is unavailable): Next keeps a
    // rewrite's at 200 and offers no other way to change it.
    const wanted = requestedStatus(handed(STATUS_HEADER));
    if (wanted) {
      status = wanted;
      if (typeof rest[0] === 'string') rest.shift();
    }
    // The cookies that remember the page's edition, from this request's own cookies (lib/i18n/edition-cookies.ts).
    const visitor = { cookie: req.headers.cookie, secFetchDest: req.headers['sec-fetch-dest'], https };
    const cookies = editionCookies(handed(EDITION_HEADER), visitor);
    if (cookies.length && given?.['set-cookie']) given['set-cookie'] = [given['set-cookie'], cookies].flat();
    else if (cookies.length) res.appendHeader('set-cookie', cookies);
    for (const name of res.getHeaderNames()) if (hidden(name)) res.removeHeader(name);
    if (given) for (const name of Object.keys(given)) if (hidden(name)) delete given[name];
    return writeHead(status, ...rest);
  }) as ServerResponse['writeHead'];
}

