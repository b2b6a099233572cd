// The sandbox payment provider on its own origin: its API on one address, its hosted page on another, as a real provider's (docs/api.md).
//
//   PAYMENT_WEBHOOK_SECRET=… node --import tsx scripts/payment-sandbox.ts --api 127.0.0.2:4105 --page 127.0.0.3:4106 \
//     [--notify http://localhost:3000/api/payments/notify/sandbox] [--data ./sandbox-data/sessions.json] [--key API_KEY]
//
// Then start the site with PAYMENT_PROVIDER=sandbox PAYMENT_API_URL=http://127.0.0.2:4105/v1
// PAYMENT_HOSTED_ORIGINS=http://127.0.0.3:4106 and the same PAYMENT_WEBHOOK_SECRET. HTTP only, its own
// storage (a JSON file, or memory), no access to the site's database: it knows the site only by the
// contract (the create call's return_url and notify_url). Test cards only (lib/payments/sandbox/cards.ts).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createTranslator } from 'next-intl';
import { createSandbox, fileStore, type T } from '@/lib/payments/sandbox';
import { CARD_ATTEMPTS } from '@/lib/limits.ts';

const { values } = parseArgs({ options: { api: { type: 'string' }, page: { type: 'string' }, notify: { type: 'string' }, data: { type: 'string' }, key: { type: 'string' }, 'card-limit': { type: 'string' } } });
const secret = process.env.PAYMENT_WEBHOOK_SECRET ?? '';
if (!values.api || !values.page || secret.length < 16) {
  console.error('usage: PAYMENT_WEBHOOK_SECRET=<16+ chars> node --import tsx scripts/payment-sandbox.ts --api HOST:PORT --page HOST:PORT [--notify URL] [--data FILE] [--key API_KEY]');
  process.exit(2);
}
const split = (address: string) => {
  const at = address.lastIndexOf(':');
  return { host: address.slice(0, at), port: Number(address.slice(at + 1)) };
};
const api = split(values.api);
const page = split(values.page);
const pageOrigin = `http://${values.page}`;

// The hosted page speaks the payer's language: the TestProvider texts of the five catalogues.
const languages = ['lv', 'en', 'ru', 'et', 'el'] as const;
const catalogues = Object.fromEntries(languages.map((lang) => [lang, JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'messages', `${lang}.json`), 'utf8'))]));
const localeOf = (value: string) => (/^(lv|en|ru|et|el)-(LV|EE|CY)$/.test(value) ? value : 'lv-LV');

// Card attempts per client and per session within CARD_ATTEMPTS.windowSeconds, in memory.
const attempts = new Map<string, number[]>();
const cardLimit = Number(values['card-limit'] ?? CARD_ATTEMPTS.perClient);
function attempt(kind: 'client' | 'session', key: string): Promise<boolean> {
  const now = Date.now();
  const recent = (attempts.get(`${kind}:${key}`) ?? []).filter((t) => now - t < CARD_ATTEMPTS.windowSeconds * 1000);
  const ok = recent.length < (kind === 'client' ? cardLimit : CARD_ATTEMPTS.perPayment);
  if (ok) recent.push(now);
  attempts.set(`${kind}:${key}`, recent);
  return Promise.resolve(ok);
}

const log = (level: 'info' | 'warn', event: string, fields: Record<string, unknown>) =>
  console.log(JSON.stringify({ time: new Date().toISOString(), level, component: 'payment-sandbox', event, ...fields }));

const sandbox = createSandbox({
  store: fileStore(values.data ?? null),
  secret: () => secret,
  pageUrl: (id) => `${pageOrigin}/pay/${id}`,
  notifyUrl: values.notify ?? null,
  async deliver(url, body, headers) {
    const answer = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5_000) });
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`the site answered ${answer.status}`);
  },
  async translator(value) {
    const locale = localeOf(value);
    const t = createTranslator({ locale: locale as never, messages: catalogues[locale.slice(0, 2)], namespace: 'TestProvider' });
    return { locale, t: ((key, vars) => (t as (k: string, v?: Record<string, string | number>) => string)(key, vars)) as T };
  },
  attempt,
  clientOf: (request) => request.headers.get('x-sandbox-client') ?? 'client',
  apiKey: values.key ?? null,
  log,
});

/** A Node request as a fetch Request (its body read whole: the sandbox's bodies are small). */
async function toRequest(req: http.IncomingMessage, origin: string, client: string): Promise<Request> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  headers.set('x-sandbox-client', client);
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
  return new Request(`${origin}${req.url ?? '/'}`, { method: req.method, headers, body });
}

async function send(res: http.ServerResponse, answer: Response) {
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(Buffer.from(await answer.arrayBuffer()));
}

function serve(address: { host: string; port: number }, handle: (request: Request, pathname: string) => Promise<Response>) {
  const origin = `http://${address.host}:${address.port}`;
  const server = http.createServer((req, res) => {
    toRequest(req, origin, req.socket.remoteAddress ?? '')
      .then((request) => handle(request, new URL(request.url).pathname))
      .then((answer) => send(res, answer))
      .catch((error: unknown) => {
        log('warn', 'sandbox.error', { message: error instanceof Error ? error.message : String(error) });
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
        res.end('Bad request\n');
      });
  });
  server.listen(address.port, address.host);
  return server;
}

const notFound = () => new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain' } });
const servers = [
  serve(api, (request, pathname) => {
    if (pathname === '/health') return Promise.resolve(new Response('ok\n'));
    return pathname.startsWith('/v1/') ? sandbox.api(request, pathname.slice(3)) : Promise.resolve(notFound());
  }),
  serve(page, (request, pathname) => {
    if (pathname === '/health') return Promise.resolve(new Response('ok\n'));
    const match = /^\/pay\/([^/]+)$/.exec(pathname);
    return match ? sandbox.page(match[1]!, request) : Promise.resolve(notFound());
  }),
];
log('info', 'sandbox.started', { api: `http://${values.api}/v1`, page: pageOrigin });
const stop = () => {
  for (const server of servers) server.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
