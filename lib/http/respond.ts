import { HttpError } from './errors';
import { logger } from '@/lib/observability/logger.ts';

/** JSON answers of the site's API routes, and the one place errors become HTTP statuses. */

const CACHEABLE = { 'Cache-Control': 'public, max-age=60, stale-while-revalidate=600' };

export function jsonAnswer(body: unknown, status = 200, headers: Record<string, string> = status === 200 ? CACHEABLE : {}): Response {
  return Response.json(body, { status, headers: { 'X-Content-Type-Options': 'nosniff', ...headers } });
}

export function apiError(status: number, code: string, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Response {
  return jsonAnswer({ error: { code, message, ...extra } }, status, { 'Cache-Control': 'no-store', ...headers });
}

/** What the visitor's client is told about a failure on our side; the details go to the log. */
const PUBLIC_MESSAGES: Record<number, string> = {
  500: 'Something went wrong on our side',
  503: 'The service is not available right now; try again in a moment',
};

/**
 * The answer for an error: an HttpError keeps its status and code; anything else is a logged 500. A 502
 * is answered as 503 with Retry-After: a balancer in front counts an instance's 502 as that instance
 * failing (nginx's proxy_next_upstream http_502, max_fails), and one service's bad answer must not take
 * the instance out for everyone (issue 47, finding 1). The app never answers 502 itself.
 */
export function errorAnswer(error: unknown): Response {
  const given = error instanceof HttpError ? error.status : 500;
  const status = given === 502 ? 503 : given;
  const code = error instanceof HttpError ? error.code : 'internal_error';
  if (status >= 500) logger('api').error({ event: 'api.error', status, err: error }, 'API request failed');
  const message = status >= 500 ? (PUBLIC_MESSAGES[status] ?? PUBLIC_MESSAGES[500]!) : (error as Error).message;
  return apiError(status, code, message, {}, status === 503 ? { 'Retry-After': '30' } : {});
}

/** Wraps a route handler so that whatever it throws becomes an answer with the right status. */
export function apiRoute<Context = undefined>(handler: (request: Request, context: Context) => Promise<Response>) {
  return async (request: Request, context?: Context): Promise<Response> => {
    try {
      return await handler(request, context as Context);
    } catch (error) {
      return errorAnswer(error);
    }
  };
}
