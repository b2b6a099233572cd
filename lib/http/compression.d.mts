import type { IncomingMessage, ServerResponse } from 'node:http';

export function acceptedEncodings(header: string | string[] | undefined): Set<string>;
export const PRECOMPRESSED_TYPES: string[];
export function createCompression(options: { distDir: string }): {
  serveStatic(req: IncomingMessage, res: ServerResponse): boolean;
  compress(req: IncomingMessage, res: ServerResponse): void;
};
