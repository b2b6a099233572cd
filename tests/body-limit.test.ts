import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBodyGuard, PAGE_BODY_LIMIT, partCounter, SERVER_OPTIONS, type BodyGuardOptions } from '@/lib/http/body-limit';
import { bodyRule } from '@/lib/http/body-rule.ts';
import { CV_MAX_BYTES } from '@/lib/forms/cv';
import { BODY_CLIENT_SHARE_BYTES, BODY_LINGER_BYTES, CV_POST_MAX_BYTES as APPLICATION_BODY_LIMIT, CSP_REPORT_MAX_BYTES, FORM_MAX_FIELDS, FORM_MAX_FILES } from '@/lib/limits.ts';
import { MAX_JSON_BYTES } from '@/lib/submissions/api';
import { editions } from '@/lib/i18n/editions';

/**
 * server.ts's body guard (issue 28, defect 1) on a plain Node server: what it refuses it refuses before
 * keeping the body, and what it keeps stays within the route's limit and one budget for all requests.
 * The memory figure under 200 real posts to the production server: scripts/perf/body-memory.mjs.
 */
const root = path.resolve(__dirname, '..');
type Reached = { method: string; url: string; length: string | undefined; chunked: boolean; bytes: number };

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

async function start(budget?: number, options: Omit<BodyGuardOptions, 'root' | 'budget'> = {}) {
  const guard = createBodyGuard({ root, budget, ...options });
  const reached: Reached[] = [];
  let peak = 0;
  const handler = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const sampler = setInterval(() => (peak = Math.max(peak, guard.held())), 1);
    const request = await guard.guard(req, res);
    peak = Math.max(peak, guard.held());
    clearInterval(sampler);
    if (!request) return;
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    reached.push({ method: request.method!, url: request.url!, length: request.headers['content-length'], chunked: 'transfer-encoding' in request.headers, bytes: Buffer.concat(chunks).length });
    // Hold the body a moment, as Next does while it works on it.
    setTimeout(() => res.end('ok'), 50);
  };
  const server = http.createServer(SERVER_OPTIONS, handler);
  server.on('checkContinue', guard.checkContinue(handler));
  /** Bytes the server read from each connection, known when it closes. */
  const read: Promise<number>[] = [];
  server.on('connection', (socket) => read.push(new Promise((resolve) => socket.once('close', () => resolve(socket.bytesRead)))));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, reached, guard, peak: () => peak, read };
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

type PostOptions = { chunked?: boolean; expectContinue?: boolean; from?: string; stall?: boolean; body?: Buffer; type?: string };

/**
 * A POST of `bytes` bytes, chunked (or with a Content-Length), as a raw client sends it: a well-formed
 * form (a job application's file part to /careers/, one urlencoded field elsewhere) unless `body` is
 * given. `from` is the local address to send from (127.0.0.x: each is another client); `stall` sends
 * the body but its last byte, then nothing.
 */
function post(url: string, bytes: number, { chunked = true, expectContinue = false, from, stall = false, body, type }: PostOptions = {}): Promise<Answer> {
  const size = Math.round(body?.length ?? bytes);
  const multipart = url.includes('/careers/');
  const head = Buffer.from(multipart ? '--x\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n' : 'a=');
  const tail = Buffer.from(multipart ? '\r\n--x--\r\n' : '');
  return new Promise((resolve, reject) => {
    const contentType = type ?? (multipart ? 'multipart/form-data; boundary=x' : 'application/x-www-form-urlencoded');
    const headers: Record<string, string> = { 'content-type': contentType, ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(size) }) };
    if (expectContinue) headers.expect = '100-continue';
    const request = http.request(url, { method: 'POST', headers, agent: false, localAddress: from }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString() }));
      response.on('error', reject);
    });
    request.on('error', reject);
    // The body: the given one, or head + filler + tail.
    const whole = body ?? Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 'x'), tail]);
    const end = stall ? size - 1 : size;
    let sent = 0;
    const write = () => {
      while (sent < end) {
        const part = whole.subarray(sent, Math.min(sent + 64 * 1024, end));
        sent += part.length;
        if (!request.write(part)) return void request.once('drain', write);
      }
      if (!stall) request.end();
    };
    if (expectContinue) request.on('continue', write);
    else write();
    if (expectContinue) request.on('response', () => request.destroy());
  });
}

const MB = 1024 * 1024;

describe('the body limits of each route, known before the body is read', () => {
  it('gives pages 64 KB, a job application its CV and a margin, the JSON forms 64 KB', () => {
    expect(bodyRule('POST', '/lv-en')).toEqual({ limit: PAGE_BODY_LIMIT });
    expect(bodyRule('POST', '/lv-en/ask-question?x=1')).toEqual({ limit: PAGE_BODY_LIMIT });
    expect(bodyRule('POST', '/ee-et/careers/senior-full-stack-engineer', 'multipart/form-data; boundary=x')).toEqual({ limit: APPLICATION_BODY_LIMIT });
    expect(bodyRule('POST', '/ee-et/careers/senior-full-stack-engineer', 'application/x-www-form-urlencoded')).toEqual({ limit: PAGE_BODY_LIMIT });
    expect(APPLICATION_BODY_LIMIT).toBe(CV_MAX_BYTES + 512 * 1024);
    expect(bodyRule('POST', '/api/site/ask-question')).toEqual({ limit: MAX_JSON_BYTES });
    expect(bodyRule('POST', '/api/health')).toEqual({ status: 405, allow: ['GET', 'HEAD'] });
    expect(bodyRule('POST', '/api/health/')).toMatchObject({ status: 405 });
    expect(bodyRule('PUT', '/lv-lv/about')).toEqual({ status: 405, allow: ['GET', 'HEAD', 'POST'] });
    expect(bodyRule('POST', '/_next/image')).toMatchObject({ status: 405 });
    expect(bodyRule('GET', '/lv-lv')).toEqual({ limit: 0 });
    // From the route table (lib/routes.ts): the CSP reports' own limit, the files of an edition read only,
    // the test provider's form, and every edition of the table (none is copied here).
    expect(bodyRule('POST', '/api/csp-report')).toEqual({ limit: CSP_REPORT_MAX_BYTES });
    expect(bodyRule('GET', '/api/csp-report')).toEqual({ status: 405, allow: ['POST'] });
    expect(bodyRule('POST', '/lv-ru/blog/rss.xml')).toEqual({ status: 405, allow: ['GET', 'HEAD'] });
    expect(bodyRule('POST', '/sitemap.xml')).toMatchObject({ status: 405 });
    expect(bodyRule('POST', '/test-provider/abc')).toEqual({ limit: PAGE_BODY_LIMIT });
    for (const { prefix } of editions) expect(bodyRule('POST', `/${prefix}/careers/x`, 'multipart/form-data; boundary=x'), prefix).toEqual({ limit: APPLICATION_BODY_LIMIT });
    expect(bodyRule('POST', '/xx-en/careers/x', 'multipart/form-data; boundary=x')).toEqual({ limit: PAGE_BODY_LIMIT });
  });

  it('sets the request and header timeouts instead of Node\'s 300 s', () => {
    expect(SERVER_OPTIONS.requestTimeout).toBeLessThanOrEqual(120_000);
    expect(SERVER_OPTIONS.headersTimeout).toBeLessThanOrEqual(20_000);
  });
});

describe('the body guard', () => {
  it('answers 405 to a method the route does not take, keeping none of a 5.8 MB body', async () => {
    const server = await start();
    const answer = await post(`${server.url}/api/health`, 5.8 * MB);
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
    expect(server.peak()).toBe(0);
    expect(server.reached).toEqual([]);
  });

  it('refuses a chunked body over the page\'s limit after keeping at most the limit, in the edition\'s language', async () => {
    const server = await start();
    const answer = await post(`${server.url}/lv-lv/ask-question`, 5.8 * MB);
    expect(answer.status).toBe(413);
    expect(answer.text).toContain(JSON.parse(fs.readFileSync(path.join(root, 'messages/lv.json'), 'utf8')).Forms.formErrors.tooLarge);
    expect(server.peak()).toBeLessThanOrEqual(PAGE_BODY_LIMIT);
    expect(server.reached).toEqual([]);
    expect(server.guard.held()).toBe(0);
  });

  it('refuses a declared length over the limit without reading, and before the body when asked to continue', async () => {
    const server = await start();
    expect((await post(`${server.url}/lv-en`, 200 * 1024, { chunked: false })).status).toBe(413);
    expect((await post(`${server.url}/lv-en`, 5 * MB, { chunked: false, expectContinue: true })).status).toBe(413);
    expect((await post(`${server.url}/api/health`, 5 * MB, { chunked: false, expectContinue: true })).status).toBe(405);
    expect(server.peak()).toBe(0);
    expect(server.reached).toEqual([]);
  });

  it('passes a body within the limits on whole, with a Content-Length, after 100 Continue too', async () => {
    const server = await start();
    expect((await post(`${server.url}/lv-en/ask-question`, 30_000)).status).toBe(200);
    expect((await post(`${server.url}/lv-en/careers/x`, 2 * MB, { chunked: false, expectContinue: true })).status).toBe(200);
    expect(server.reached).toEqual([
      { method: 'POST', url: '/lv-en/ask-question', length: '30000', chunked: false, bytes: 30_000 },
      { method: 'POST', url: '/lv-en/careers/x', length: String(2 * MB), chunked: false, bytes: 2 * MB },
    ]);
    expect(server.guard.held()).toBe(0);
  });

  it('holds no more than its budget across requests: beyond it, 503 with Retry-After, and the budget comes back', async () => {
    const server = await start(3 * MB);
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(`${server.url}/lv-en/careers/x`, 1.5 * MB)));
    const statuses = answers.map((a) => a.status);
    expect(statuses).toContain(503);
    expect(statuses).toContain(200);
    expect(answers.find((a) => a.status === 503)!.headers['retry-after']).toMatch(/^\d+$/);
    expect(server.peak()).toBeLessThanOrEqual(3 * MB);
    expect(server.guard.held()).toBe(0);
    expect((await post(`${server.url}/lv-en/careers/x`, 1.5 * MB)).status).toBe(200);
  });
});

/** A multipart body of `fields` text fields (name, value) and an optional file, boundary `x`. */
function multipart(fields: [string, string][], file?: Buffer): Buffer {
  const parts = fields.map(([name, value]) => `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const filePart = file ? [Buffer.from('--x\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n'), file, Buffer.from('\r\n')] : [];
  return Buffer.concat([Buffer.from(parts.join('')), ...filePart, Buffer.from('--x--\r\n')]);
}
const unreadable = (lang: string) => JSON.parse(fs.readFileSync(path.join(root, `messages/${lang}.json`), 'utf8')).Forms.formErrors.unreadable as string;

describe('a form post is parsed with limits before any work (issue 37, finding 2)', () => {
  it('refuses a field bomb (5.3 MB of 108,969 empty fields) to a vacancy after its first fields, in the edition\'s language', async () => {
    const server = await start();
    const bomb = multipart(Array.from({ length: 108_969 }, () => ['f', ''] as [string, string]));
    expect(bomb.length).toBeGreaterThan(5 * MB);
    const answer = await post(`${server.url}/lv-lv/careers/x`, 0, { body: bomb });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(unreadable('lv'));
    // Refused after its 65th field: never more than its first few KB held, none of it parsed further.
    expect(server.peak()).toBeLessThan(64 * 1024);
    expect(server.reached).toEqual([]);
    expect(server.guard.held()).toBe(0);
  }, 20_000);

  it('answers a bomb at once and reads at most its first chunk and BODY_LINGER_BYTES of it, not its 5.3 MB', async () => {
    const server = await start();
    const bomb = multipart(Array.from({ length: 108_969 }, () => ['f', ''] as [string, string]));
    const answer = await post(`${server.url}/lv-lv/careers/x`, 0, { body: bomb, chunked: false });
    expect(answer.status).toBe(400);
    expect(answer.headers.connection).toBe('close');
    // The connection is closed by the server within BODY_LINGER_MS, having read little of the body.
    const [read] = await Promise.all(server.read);
    expect(read).toBeLessThan(64 * 1024 + BODY_LINGER_BYTES + 256 * 1024);
    expect(read).toBeLessThan(bomb.length / 10);
  }, 20_000);

  it('counts a post\'s parts before the parser sees them, delimiters cut between chunks included', () => {
    const fields = (n: number) => multipart(Array.from({ length: n }, () => ['f', 'v'] as [string, string]));
    const over = (body: Buffer, size: number, type = 'multipart/form-data; boundary=x') => {
      const counted = partCounter(type)!;
      let refused = false;
      for (let at = 0; at < body.length && !refused; at += size) refused = counted(body.subarray(at, at + size));
      return refused;
    };
    // The most fields and files a form may have, and its closing delimiter: accepted, in chunks of any size.
    for (const size of [1, 2, 3, 7, 64 * 1024]) {
      expect(over(fields(FORM_MAX_FIELDS + FORM_MAX_FILES), size), `chunks of ${size}`).toBe(false);
      expect(over(fields(FORM_MAX_FIELDS + FORM_MAX_FILES + 1), size), `chunks of ${size}`).toBe(true);
    }
    expect(over(Buffer.from('a=1&'.repeat(FORM_MAX_FIELDS)), 5, 'application/x-www-form-urlencoded')).toBe(false);
    expect(over(Buffer.from('a=1&'.repeat(FORM_MAX_FIELDS + 1)), 5, 'application/x-www-form-urlencoded')).toBe(true);
    expect(partCounter('multipart/form-data; boundary="a b"')!(Buffer.from('--a b'.repeat(FORM_MAX_FIELDS + FORM_MAX_FILES + 2)))).toBe(true);
    expect(partCounter('application/json')).toBeNull();
  });

  it('refuses an urlencoded bomb, a second file and an over-long field; passes a genuine application with its CV', async () => {
    const server = await start();
    expect((await post(`${server.url}/lv-en/ask-question`, 0, { body: Buffer.from('a&'.repeat(30_000)) })).status).toBe(400);
    const twoFiles = Buffer.concat([multipart([['name', 'A']], Buffer.alloc(10)).subarray(0, -7), multipart([], Buffer.alloc(10))]);
    expect((await post(`${server.url}/lv-en/careers/x`, 0, { body: twoFiles })).status).toBe(400);
    expect((await post(`${server.url}/lv-en/careers/x`, 0, { body: multipart([['message', 'x'.repeat(40 * 1024)]]) })).status).toBe(400);
    expect((await post(`${server.url}/lv-en/careers/x`, 0, { body: Buffer.from('no boundary'), type: 'multipart/form-data' })).status).toBe(400);
    expect(server.reached).toEqual([]);
    // What the application form sends without JavaScript: Next's action fields, the form's own, the CV.
    const fields: [string, string][] = [
      ['$ACTION_REF_1', ''],
      ['$ACTION_1:0', '{"id":"' + 'a'.repeat(42) + '","bound":"$@1"}'],
      ['$ACTION_1:1', '[{"status":"idle","errors":{},"formError":null,"values":{},"key":"k"}]'],
      ['$ACTION_KEY', 'k1'],
      ...['key', 'locale', 'vacancy', 'name', 'email', 'phone', 'linkedin', 'message', 'company_fax', 'recaptcha_token', 'consent'].map((name) => [name, 'x'.repeat(100)] as [string, string]),
    ];
    const application = multipart(fields, Buffer.alloc(4 * MB, 1));
    expect((await post(`${server.url}/lv-en/careers/x`, 0, { body: application })).status).toBe(200);
    expect(server.reached).toHaveLength(1);
    expect(server.reached[0]!.bytes).toBe(application.length);
  });
});

describe('one client cannot starve the others (issue 37, finding 3)', () => {
  it('three stalled uploads from one client leave another client\'s form post and a payment notification alone', async () => {
    const server = await start(undefined, { windowMs: 2_000 });
    const attacker = '127.0.0.2';
    const stalled = [1, 2, 3].map(() => post(`${server.url}/lv-en/careers/x`, APPLICATION_BODY_LIMIT - 100, { from: attacker, stall: true }));
    // The first upload holds what it sent; the others are refused once they pass the client's share.
    await expect.poll(() => server.guard.heldBy(attacker), { timeout: 5_000 }).toBeGreaterThan(APPLICATION_BODY_LIMIT - 200);
    expect(server.guard.heldBy(attacker)).toBeLessThanOrEqual(BODY_CLIENT_SHARE_BYTES);
    const other = '127.0.0.3';
    expect((await post(`${server.url}/lv-en/ask-question`, 2_000, { from: other })).status).toBe(200);
    expect((await post(`${server.url}/api/payments/notify`, 2_000, { from: other, type: 'application/json' })).status).toBe(200);
    expect((await post(`${server.url}/lv-en/careers/y`, 2 * MB, { from: other })).status).toBe(200);
    // Then the stalled upload is cut (408), the two beyond the share were refused (429), and all is given back.
    expect((await Promise.all(stalled)).map((answer) => answer.status).sort()).toEqual([408, 429, 429]);
    expect(server.guard.held()).toBe(0);
  }, 20_000);

  it('cuts a stalled upload (408) within its window and gives its bytes back', async () => {
    const server = await start(undefined, { windowMs: 300 });
    const began = performance.now();
    const answer = await post(`${server.url}/lv-en/careers/x`, 3 * MB, { from: '127.0.0.2', stall: true });
    expect(answer.status).toBe(408);
    expect(performance.now() - began).toBeLessThan(2_000);
    expect(server.guard.heldBy('127.0.0.2')).toBe(0);
    expect(server.guard.held()).toBe(0);
  });

  it('keeps a reserve of the budget for payment notifications', async () => {
    const server = await start(2 * MB, { notifyReserve: 512 * 1024, clientShare: 2 * MB, windowMs: 2_000 });
    const hold = post(`${server.url}/lv-en/careers/x`, 1.46 * MB, { from: '127.0.0.4', stall: true });
    await expect.poll(() => server.guard.held(), { timeout: 5_000 }).toBeGreaterThan(1.45 * MB);
    expect((await post(`${server.url}/lv-en/ask-question`, 60_000, { from: '127.0.0.3' })).status).toBe(503);
    expect((await post(`${server.url}/api/payments/notify`, 4_000, { from: '127.0.0.3', type: 'application/json' })).status).toBe(200);
    expect((await hold).status).toBe(408);
  }, 20_000);
});
