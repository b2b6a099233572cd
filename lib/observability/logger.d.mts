import type { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger, LevelWithSilent } from 'pino';

export type { Logger };
export function scrub<T>(text: T): T;
export const requestContext: AsyncLocalStorage<{ requestId: string }>;
export const LEVELS: LevelWithSilent[];
export function configureLogger(options?: { level?: string; instance?: string; destination?: NodeJS.WritableStream }): Logger;
export function logger(component?: string): Logger;
