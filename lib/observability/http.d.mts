import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

export type RouteTable = { routes: { pattern: string; regex: RegExp; kind: 'page' | 'api' }[]; publicFiles: Set<string> };
export function loadRoutes(distDir: string, publicDir: string): RouteTable;
export function routeOf(table: RouteTable, url: string | undefined): { route: string; kind: string };
export function createHttpObservability(options: {
  root: string;
  trustRequestId?: boolean;
  level?: string;
  instance?: string;
  metricsPort?: number;
  metricsHost?: string;
  /** Where the lines go (tests); stdout otherwise. */
  destination?: NodeJS.WritableStream;
}): {
  log: Logger;
  handler<F extends (req: IncomingMessage, res: ServerResponse) => unknown>(fn: F): (req: IncomingMessage, res: ServerResponse) => ReturnType<F>;
  startMetricsServer(): Server | null;
};
