import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http';
export const PAGE_BODY_LIMIT: number;
export const APPLICATION_BODY_LIMIT: number;
export const BUFFER_BUDGET: number;
export const SERVER_OPTIONS: ServerOptions;
export const API_ROUTES: Record<string, Record<string, number>>;
export function bodyRule(method: string, url: string, contentType?: string): { limit: number } | { status: 405; allow: string[] };
export function createBodyGuard(options: { root: string; budget?: number }): {
  guard(req: IncomingMessage, res: ServerResponse): Promise<IncomingMessage | null>;
  checkContinue(handler: (req: IncomingMessage, res: ServerResponse) => void): (req: IncomingMessage, res: ServerResponse) => void;
  held(): number;
};
