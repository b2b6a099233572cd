import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, createCompression } from '@/lib/http/compression.ts';

describe('acceptedEncodings', () => {
  it('reads names and q-values, refusing what has q=0', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd']);
    expect([...acceptedEncodings('br;q=0, GZIP;q=0.5')]).toEqual(['gzip']);
    expect([...acceptedEncodings(' br ; q=1.0 ,identity')]).toEqual(['br', 'identity']);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
    expect([...acceptedEncodings('')]).toEqual([]);
  });
});

/** A response read raw: status, headers and the body as sent (not decoded). */
function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const { hostname, port } = new URL(url);
  // The path as written: a URL object would resolve its `..`.
  const requestPath = url.slice(url.indexOf('/', 'http://'.length));
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request({ hostname, port, path: requestPath, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

describe('createCompression', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-compression-'));
  const script = `console.log(${JSON.stringify('Billme '.repeat(400))});`;
  const page = `<!DOCTYPE html><html><body>${'<p>Rēķini vienuviet</p>'.repeat(200)}</body></html>`;
  let server: http.Server;
  let base = '';

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'static/chunks'), { recursive: true });
    const file = path.join(dist, 'static/chunks/app.js');
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
    // A file without its compressed copies is left to the app.
    fs.writeFileSync(path.join(dist, 'static/chunks/plain.js'), script);
    const { serveStatic, compress } = createCompression({ distDir: dist });
    server = http.createServer((req, res) => {
      if (serveStatic(req, res)) return;
      compress(req, res);
      res.setHeader('content-type', req.url === '/page' ? 'text/html; charset=utf-8' : 'application/javascript');
      // Two writes with a flush between them, as Next streams a page.
      res.write(page.slice(0, 2000));
      (res as unknown as { flush: () => void }).flush();
      res.end(req.url === '/page' ? page.slice(2000) : '');
    });
    await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
    base = `http://localhost:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => {
    server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends a build file from its Brotli or gzip copy, or as it is, cached for good', async () => {
    const br = await get(`${base}/_next/static/chunks/app.js?dpl=x`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await get(`${base}/_next/static/chunks/app.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);

    const plain = await get(`${base}/_next/static/chunks/app.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);

    const again = await get(`${base}/_next/static/chunks/app.js`, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(br.headers.etag).not.toBe(gz.headers.etag);

    const head = await get(`${base}/_next/static/chunks/app.js`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-length']).toBe(br.headers['content-length']);
  });

  it('leaves every other path to the app, and never reaches outside the build', async () => {
    for (const url of ['/_next/static/chunks/plain.js', '/_next/static/chunks/../chunks/app.js', '/_next/static/chunks/app.js.br']) {
      const res = await get(`${base}${url}`, { 'accept-encoding': 'br' });
      // The app's own answer (compressed on the fly): its content, not the file's.
      expect(zlib.brotliDecompressSync(res.body).toString()).toBe(page.slice(0, 2000));
    }
  });

  it('compresses a streamed page with Brotli when accepted, gzip otherwise, across its flushes', async () => {
    const br = await get(`${base}/page`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(page);
    const gz = await get(`${base}/page`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(page);
    expect(br.body.length).toBeLessThan(gz.body.length);
    const plain = await get(`${base}/page`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });
});
