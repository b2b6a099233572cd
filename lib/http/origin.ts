import { HttpError } from './errors';

/**
 * The one Origin check of the site's posts (proxy.ts for pages and server actions, assertSameOrigin for the
 * API's forms): a browser's post is accepted only when its Origin names the host it was sent to
 * (X-Forwarded-Host from the trusted balancer, which server.ts keeps only then, else Host), as Next's own
 * check of server actions does. Nothing is built from the Host: it is only compared. Browsers send Origin
 * with every POST; clients that are not browsers send none and are not affected (they hold no visitor's
 * cookies). An Origin that is no URL (`null`, from a sandboxed frame or a redirect) is another site's.
 */
export function postedFromHost(origin: string, headers: Headers): boolean {
  const host = (headers.get('x-forwarded-host')?.split(',').at(-1) ?? headers.get('host') ?? '').trim().toLowerCase();
  return URL.canParse(origin) && new URL(origin).host === host;
}

/** Refuses a browser's post from another site (403); the origin of request.url (the configured host) is the site's too. */
export function assertSameOrigin(request: Request, what = 'This form'): void {
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== new URL(request.url).origin && !postedFromHost(origin, request.headers)) {
    throw new HttpError(403, 'cross_origin', `${what} is accepted from this site only`);
  }
}
