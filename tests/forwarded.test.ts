import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, isHttps, trustForwarded } from '@/lib/http/forwarded.ts';

/** Issue 28, defect 11: only trusted proxies may speak for the client's address and scheme. */
const request = (headers: Record<string, string>, remoteAddress = '10.0.0.5') =>
  ({ headers: { ...headers }, socket: { remoteAddress, encrypted: false } }) as unknown as IncomingMessage;

describe('forwarded headers', () => {
  it('with no trusted proxy, ignores X-Forwarded-Proto: no HSTS, no Secure cookies from a client\'s say-so', () => {
    const req = request({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example', 'x-forwarded-for': '1.2.3.4' });
    expect(isHttps(req, 0)).toBe(false);
    expect(trustForwarded(req, 0)).toEqual({ address: '10.0.0.5', https: false });
    expect(req.headers).toEqual({ 'x-forwarded-for': '10.0.0.5' });
  });

  it('behind one trusted proxy, takes the address and scheme it reports', () => {
    const req = request({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'billme.eu', 'x-forwarded-for': '6.6.6.6, 203.0.113.9' });
    expect(trustForwarded(req, 1)).toEqual({ address: '203.0.113.9', https: true });
    expect(req.headers['x-forwarded-proto']).toBe('https');
    expect(req.headers['x-forwarded-host']).toBe('billme.eu');
  });

  it('with more trusted hops than forwarded entries, falls back to the socket, never the client-written first entry', () => {
    expect(clientAddress(request({ 'x-forwarded-for': '6.6.6.6' }), 2)).toBe('10.0.0.5');
    expect(clientAddress(request({}), 1)).toBe('10.0.0.5');
    expect(clientAddress(request({ 'x-forwarded-for': '6.6.6.6, 198.51.100.1, 203.0.113.9' }), 2)).toBe('198.51.100.1');
  });
});
