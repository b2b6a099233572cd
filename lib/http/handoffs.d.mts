import type { IncomingMessage, ServerResponse } from 'node:http';
export function applyHandoffs(req: IncomingMessage, res: ServerResponse, options: { https: boolean }): void;
