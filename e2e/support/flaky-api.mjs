// A content API for the remote-mode server in the browser tests: it forwards /api/site/* to the
// embedded API of the main test server, and can be told to fail, hang or change the content, so the
// tests can show what the site does when the real API misbehaves.
//   POST /__mode  body: ok | fail | slow | marker     GET /__health
//   GET /__requests  how many content requests arrived (POST resets the count)
import http from 'node:http';

const port = Number(process.env.FLAKY_API_PORT ?? 3102);
const upstream = process.env.FLAKY_API_UPSTREAM ?? 'http://localhost:3100';
const MARK = ' [updated]';
let mode = 'ok';
let requests = 0;

const server = http.createServer(async (req, res) => {
  if (req.url === '/__health') return void res.writeHead(200).end('ok');
  if (req.url === '/__mode' && req.method === 'POST') {
    let body = '';
    for await (const chunk of req) body += chunk;
    mode = body.trim();
    return void res.writeHead(200).end(mode);
  }
  if (req.url === '/__requests') {
    if (req.method === 'POST') requests = 0;
    return void res.writeHead(200, { 'content-type': 'application/json' }).end(String(requests));
  }
  requests += 1;
  if (mode === 'fail') return void res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
  if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 15_000));
  try {
    const answer = await fetch(`${upstream}${req.url}`, { headers: { accept: req.headers.accept ?? '*/*' } });
    let text = await answer.text();
    if (mode === 'marker' && answer.ok && req.url?.startsWith('/api/site/articles')) {
      text = JSON.stringify(JSON.parse(text).map((a) => ({ ...a, title: a.title + MARK })));
    }
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(text);
  } catch (error) {
    res.writeHead(502).end(String(error));
  }
});

server.listen(port, () => console.log(`flaky content API on :${port} -> ${upstream}`));
