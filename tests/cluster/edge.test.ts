// Behind nginx, one client never hurts another (issue 47, finding 1): a braked client's requests are answered, never closed, so nginx never takes an instance out and another visitor gets no 5xx.
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cluster } from './support';

/** Two clients of nginx, told apart by the loopback address each connects from (nginx's $remote_addr). */
const ATTACKER = '127.0.47.10';
const VICTIM = '127.0.47.20';
const PAGE = '/lv-lv/about';
const port = Number(new URL(cluster.nginx).port);

/** One request on a connection of its own from `from`; status 0 when it got no answer. */
function ask(from: string, method: string, pathname: string, body?: Buffer, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const request = https.request({ host: '127.0.0.1', servername: 'localhost', port, method, path: pathname, localAddress: from, agent: false, rejectUnauthorized: false, headers: { host: `localhost:${port}`, ...headers } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

/** Runs `count` calls of `task` with `parallel` at a time; their results in order. */
async function pool<T>(count: number, parallel: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: parallel }, async () => {
    for (let i = next++; i < count; i = next++) results[i] = await task(i);
  }));
  return results;
}

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {});

describe('behind nginx, a braked client (issue 47)', () => {
  it("is answered (429, never a closed connection), nginx keeps every instance, and another visitor's 200 requests get no 5xx", async () => {
    const errorLog = path.join(cluster.serversDir, 'nginx', 'error.log');
    const logBefore = fs.existsSync(errorLog) ? fs.statSync(errorLog).size : 0;
    // The page rendered once on every instance (the victim measures cached pages).
    await pool(12, 3, () => ask(VICTIM, 'GET', PAGE));
    // Bodies over the form limit (64 KB): 413 each, enough refusals to brake the address on every instance.
    // (A page GET carrying a body would be answered by nginx's own cache of the page, never reaching an instance.)
    const refused = await pool(40, 4, () => ask(ATTACKER, 'POST', '/api/site/ask-question', Buffer.alloc(70_000, 'a'), { 'content-type': 'application/json' }));
    expect(refused.every((status) => status === 413), JSON.stringify(tally(refused))).toBe(true);

    // Then, while another visitor reads pages: the attacker's 40 parallel page views, 60 parallel bodies
    // (held or refused by the brake) and four refused 6 MB uploads.
    const upload = Buffer.alloc(6 * 1024 * 1024 - 4096, 'a');
    const victim = pool(200, 4, () => ask(VICTIM, 'GET', PAGE));
    const attack = Promise.all([
      pool(40, 40, () => ask(ATTACKER, 'GET', PAGE)),
      pool(60, 60, () => ask(ATTACKER, 'POST', '/api/site/ask-question', Buffer.from('{}'), { 'content-type': 'application/json' })),
      pool(4, 2, () => ask(ATTACKER, 'POST', PAGE, upload, { 'content-type': 'application/x-www-form-urlencoded' })),
    ]);
    const [seen, [views, posts, uploads]] = await Promise.all([victim, attack]);
    const log = fs.existsSync(errorLog) ? fs.readFileSync(errorLog).subarray(logBefore).toString('utf8') : '';

    console.log(`victim ${JSON.stringify(tally(seen))}; attacker's views ${JSON.stringify(tally(views))}, posts ${JSON.stringify(tally(posts))}, uploads ${JSON.stringify(tally(uploads))}`);
    expect(seen.filter((status) => status >= 500 || status === 0), JSON.stringify(tally(seen))).toEqual([]);
    expect(seen.every((status) => status === 200)).toBe(true);
    expect(log).not.toMatch(/no live upstreams/);
    expect(log).not.toMatch(/upstream prematurely closed|reset by peer|upstream timed out/);
    // Every request of the attacker was answered: its page views are not braked, its bodies are held or
    // refused with 429, its uploads refused with 413 or 429.
    expect(views.every((status) => status === 200), JSON.stringify(tally(views))).toBe(true);
    expect(posts.every((status) => status > 0 && status < 500), JSON.stringify(tally(posts))).toBe(true);
    expect(posts).toContain(429);
    // A braked address's uploads meet the brake (429) before their size (413): either is an answer.
    expect(uploads.every((status) => status === 413 || status === 429), JSON.stringify(tally(uploads))).toBe(true);
  });
});
