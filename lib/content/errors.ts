import { HttpError } from '@/lib/http/errors';

/** The content API could not give an answer (unreachable, timed out, bad status or bad shape). */
export class ContentUnavailableError extends HttpError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(503, 'content_unavailable', message, options);
  }
}
