// What the production server (server.ts) believes about a request's origin: the client's address and
// whether it came over HTTPS. Only the proxies it is told to trust (TRUSTED_PROXY_HOPS) may say so; with
// none, every forwarded header a client sends is removed before Next or the app can read it.

import type { IncomingMessage } from 'node:http';

/** Forwarded headers that only a trusted proxy may set. */
const FORWARDED = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port', 'forwarded'];

const list = (value: string | string[] | undefined): string[] => String(value ?? '').split(',').map((part) => part.trim()).filter(Boolean);

/**
 * The client's address: the socket's, or with `hops` trusted proxies the X-Forwarded-For entry the
 * outermost of them added (each proxy appends what it saw; anything left of that came from the client).
 * When the header has fewer entries than there are trusted proxies, no entry can be trusted (the
 * leftmost would be the client's own words): the socket's address is used.
 */
export function clientAddress(req: IncomingMessage, hops: number): string {
  const socket = req.socket.remoteAddress ?? '';
  if (hops === 0) return socket;
  const entries = list(req.headers['x-forwarded-for']);
  return entries.length >= hops ? (entries[entries.length - hops] ?? socket) : socket;
}

/**
 * Did the request arrive over HTTPS? With no trusted proxy, only if this server's own socket is TLS;
 * behind trusted proxies, as the outermost of them reports it in X-Forwarded-Proto.
 */
export function isHttps(req: IncomingMessage, hops: number): boolean {
  if (hops === 0) return Boolean((req.socket as { encrypted?: boolean }).encrypted);
  const entries = list(req.headers['x-forwarded-proto']);
  return (entries[Math.max(0, entries.length - hops)] ?? '').toLowerCase() === 'https';
}

/**
 * Rewrites the request's forwarded headers to what this server trusts: the client's address in
 * X-Forwarded-For, the scheme in X-Forwarded-Proto (only when HTTPS), nothing else a client sent.
 */
export function trustForwarded(req: IncomingMessage, hops: number): { address: string; https: boolean } {
  const address = clientAddress(req, hops);
  const https = isHttps(req, hops);
  const host = hops > 0 ? list(req.headers['x-forwarded-host']).at(-1) : undefined;
  for (const name of FORWARDED) delete req.headers[name];
  req.headers['x-forwarded-for'] = address;
  if (https) req.headers['x-forwarded-proto'] = 'https';
  if (host) req.headers['x-forwarded-host'] = host;
  return { address, https };
}
