import type { IncomingMessage, ServerResponse } from 'node:http';
export const MARK: string;
export const SETTLE_MS: number;
export function freshNonce(): string;
export function languageOf(pathname: string): string;
export function cacheKey(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>, options: { buildId: string; version: number | string; https: boolean }): string | null;
export function storable(res: ServerResponse): boolean;
export type PageCacheEntry = { status: number; headers: string[]; body: Array<string | number>; slots: number; language: string; at: number; bytes: number };
export function toEntry(res: ServerResponse, body: string, options: { language: string; at: number }): PageCacheEntry;
export function withNonce(entry: PageCacheEntry, nonce: string): { headers: Record<string, string | string[] | number>; body: string; values: string[] };
export type Invalidations = { publish(message: { language: string }): void; subscribe(onMessage: (message: { language?: string }) => void, onReconnect: () => void): void };
export type PageCache = {
  handle(req: IncomingMessage, res: ServerResponse, options?: { https?: boolean }): boolean;
  invalidate(language?: string): void;
  stats(): { hits: number; misses: number; bypasses: number; entries: number; bytes: number };
};
export function createPageCache(options?: { buildId?: string; maxBytes?: number; ttlMs?: number; store?: Invalidations | null; now?: () => number }): PageCache;
export function redisInvalidations(url: string, options?: { channel?: string }): Promise<Invalidations>;
export function startPageCache(options: { distDir: string; enabled?: boolean; redisUrl?: string }): Promise<PageCache>;
