/** The content API could not give an answer (unreachable, timed out, bad status or bad shape). */
export class ContentUnavailableError extends Error {
  readonly status = 503;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ContentUnavailableError';
  }
}
