import type { IncomingMessage, ServerResponse } from 'node:http';

export function acceptedEncodings(header: string | string[] | undefined): Set<string>;
export function builtTextFiles(distDir: string): string[];
export function createCompression(options: { distDir: string }): {
  serveStatic(req: IncomingMessage, res: ServerResponse): boolean;
  compress(req: IncomingMessage, res: ServerResponse): void;
};
