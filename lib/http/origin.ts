import { env } from '@/lib/env';
import { HttpError } from './errors';

/**
 * Refuses a browser's post from another site (403): its Origin must be this site's (the public
 * NEXT_PUBLIC_SITE_URL or the address the request came to). Browsers send Origin with every POST;
 * clients that are not browsers send none and are not affected (they hold no visitor's cookies).
 */
export function assertSameOrigin(request: Request, what = 'This form'): void {
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== new URL(request.url).origin && origin !== new URL(env.NEXT_PUBLIC_SITE_URL).origin) {
    throw new HttpError(403, 'cross_origin', `${what} is accepted from this site only`);
  }
}
