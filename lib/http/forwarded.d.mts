import type { IncomingMessage } from 'node:http';
export function clientAddress(req: IncomingMessage, hops: number): string;
export function isHttps(req: IncomingMessage, hops: number): boolean;
export function trustForwarded(req: IncomingMessage, hops: number): { address: string; https: boolean };
