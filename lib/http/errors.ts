/**
 * Errors that know the HTTP status they stand for: an Error subclass with a status, never a thrown plain
 * object. API routes turn them into answers in one place (lib/http/respond.ts); anything else is a 500
 * and is logged.
 */
export class HttpError extends Error {
  readonly status: number;
  /** A stable machine-readable code, e.g. `unavailable`. */
  readonly code: string;
  constructor(status: number, code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
    this.code = code;
    this.name = new.target.name;
  }
}
