import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cluster, formOf, restartInstance, setInstanceEnv, sql } from './support';

/**
 * Three instances of the site behind nginx, on one PostgreSQL and one Redis: what one instance does,
 * every instance must see; what a dead instance was told, the database must keep.
 */
const [a, b, c] = cluster.instances as [string, string, string];
const ask = (extra: Record<string, string> = {}) => ({ name: 'Cluster Test', email: 'cluster@example.lv', message: 'Hello', lang: 'lv', ...extra });
const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('one site on three instances', () => {
  it('a form rendered by one instance and posted to another is stored', async () => {
    const html = await (await fetch(`${a}/lv-lv/ask-question`)).text();
    const form = formOf(html, 'name="message"');
    const marker = `cross-${randomUUID()}`;
    const data = new FormData();
    for (const [name, value] of form.fields) data.append(name, value);
    data.set('name', 'Cross Instance');
    data.set('email', 'cross@example.lv');
    data.set('message', marker);
    // A client of its own (the instances trust one hop), so that this post does not count against the
    // address nginx gives every request in the rate-limit test below.
    const answer = await fetch(`${b}${form.action || '/lv-lv/ask-question'}`, { method: 'POST', body: data, redirect: 'manual', headers: { origin: b, 'x-forwarded-for': '10.66.0.1' } });
    expect([200, 303]).toContain(answer.status);
    if (answer.status === 303) expect(answer.headers.get('location')).toMatch(/\/lv-lv\/form-success$/);
    const rows = await sql<{ n: string }>(`SELECT COUNT(*) AS n FROM submissions WHERE data->>'message' = $1`, [marker]);
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('the rate limit counts across instances, and nginx lets no client choose its address', async () => {
    const client = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    // One trusted hop: each instance believes the address nginx (here: the test) put in X-Forwarded-For.
    const statuses = [];
    for (const url of [a, b, c, a]) statuses.push((await postJson(`${url}/api/site/business-start`, { ...ask(), phone: '+371 2000 0000', company: 'Acme' }, { 'x-forwarded-for': client })).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    // Through nginx every request is 127.0.0.1, whatever X-Forwarded-For the client sends.
    const through = [];
    for (let i = 0; i < 5; i++) through.push((await postJson(`${cluster.nginx}/api/site/ask-question`, ask({ message: `via nginx ${i}` }), { 'x-forwarded-for': `198.51.100.${i}` })).status);
    expect(through.slice(0, 3)).toEqual([201, 201, 201]);
    expect(through.slice(3)).toEqual([429, 429]);
  });

  it('behind nginx over https, cookies are Secure and HSTS is sent (the instances trust its X-Forwarded-Proto)', async () => {
    // Moved from e2e/routing.spec.ts: a lone server (TRUSTED_PROXY_HOPS=0) ignores a client's own
    // X-Forwarded-Proto (e2e/hardening.spec.ts), so only a trusted balancer can say the visit is https.
    const response = await fetch(`${cluster.nginx}/ee-et`, { headers: { 'accept-language': 'lv' } });
    expect(response.headers.getSetCookie().find((c) => c.startsWith('BILLME_LOCALE='))).toContain('Secure');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('a revalidation through one instance changes what the other two serve (Redis)', async () => {
    const titles = async (url: string) => (await (await fetch(`${url}/lv-en/blog`)).text()).includes('[updated]');
    for (const url of [a, b, c]) expect(await titles(url)).toBe(false);
    await fetch(`http://localhost:${cluster.apiPort}/__mode`, { method: 'POST', body: 'marker' });
    try {
      const answer = await postJson(`${a}/api/revalidate`, { kind: 'articles', lang: 'en' }, { authorization: `Bearer ${cluster.secret}` });
      expect(answer.status).toBe(200);
      // Stale-while-revalidate: the first view may still be the old copy while it is refreshed.
      for (const url of [b, c]) {
        let updated = false;
        for (let i = 0; i < 40 && !updated; i++) {
          updated = await titles(url);
          if (!updated) await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(updated, url).toBe(true);
      }
    } finally {
      await fetch(`http://localhost:${cluster.apiPort}/__mode`, { method: 'POST', body: 'ok' });
    }
  });

  it('Redis stopped for a few seconds: pages keep answering', async () => {
    execFileSync('bash', ['deploy/servers.sh', 'stop', 'redis'], { env: { ...process.env, SERVERS_DIR: cluster.serversDir } });
    try {
      for (let i = 0; i < 9; i++) {
        const response = await fetch(`${cluster.nginx}/lv-en/blog/how-automatic-payment-works`);
        expect(response.status).toBe(200);
      }
    } finally {
      execFileSync('bash', ['deploy/servers.sh', 'start', 'redis'], { env: { ...process.env, SERVERS_DIR: cluster.serversDir } });
    }
    const log = fs.readFileSync(path.join(cluster.serversDir, 'cluster', 'instance-1.log'), 'utf8');
    expect(log).toMatch(/"event":"cache\.redis_unavailable"/);
  });

  it('PostgreSQL stopped for a few seconds: a clear "try again", nothing half-stored, then back by itself', async () => {
    const env = { ...process.env, SERVERS_DIR: cluster.serversDir };
    execFileSync('bash', ['deploy/servers.sh', 'stop', 'postgres'], { env });
    let down: Response;
    try {
      const started = Date.now();
      down = await postJson(`${a}/api/site/ask-question`, ask({ message: 'while the database is down', lang: 'ru' }), { 'x-forwarded-for': '10.88.0.1', 'idempotency-key': 'pg-down-key-0001' });
      expect(Date.now() - started).toBeLessThan(8000);
      expect((await fetch(`${a}/lv-lv/about`)).status).toBe(200);
      expect((await fetch(`${a}/api/health/ready`)).status).toBe(503);
    } finally {
      execFileSync('bash', ['deploy/servers.sh', 'start', 'postgres'], { env });
    }
    expect(down.status).toBe(503);
    const body = (await down.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/[а-я]/); // in the language asked for, not a stack trace
    expect(await sql(`SELECT id FROM submissions WHERE idempotency_key = 'pg-down-key-0001'`)).toEqual([]);
    let ready = false;
    for (let i = 0; i < 40 && !ready; i++) {
      ready = (await fetch(`${a}/api/health/ready`)).status === 200;
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(ready).toBe(true);
    const again = await postJson(`${a}/api/site/ask-question`, ask({ message: 'after the database is back' }), { 'x-forwarded-for': '10.88.0.1', 'idempotency-key': 'pg-down-key-0001' });
    expect(again.status).toBe(201);
  });
});

describe('an instance dies under load', () => {
  it('every acknowledged submission and payment is stored exactly once; pages kept answering', async () => {
    // A load of this size needs a higher limit than the tests above (every request comes from nginx).
    setInstanceEnv('FORM_RATE_LIMIT', '100000');
    setInstanceEnv('PAYMENT_RATE_LIMIT', '100000');
    setInstanceEnv('CARD_RATE_LIMIT', '100000');
    for (const n of [1, 2, 3]) restartInstance(n);

    const run = randomUUID().slice(0, 8);
    const company = await (await fetch(`${cluster.nginx}/cy-en/companies/ucity`)).text();
    // The payment form is the one with the payer's reference (the cookie banner's buttons are named
    // "choice" too, and come first); its first option is taken from inside it.
    const payForm = formOf(company, 'name="reference"');
    const choice = /name="choice" value="([^"]+)"/.exec(company.slice(company.lastIndexOf('<form', company.indexOf('name="reference"'))))![1]!;
    const tally = { sent: 0, acknowledged: 0, non2xx: 0, errors: 0, pagesFailed: 0, pages: 0 };
    const acknowledged = new Set<string>();
    const payments = new Set<string>();
    let stop = false;

    async function submitter(worker: number) {
      for (let i = 0; !stop; i++) {
        const key = `kill-${run}-${worker}-${i}`;
        tally.sent++;
        // A client retries once with the same key when it got no answer (as browsers' users do).
        for (let attempt = 0; attempt < 2; attempt++) {
          try {
            const response = await postJson(`${cluster.nginx}/api/site/ask-question`, ask({ message: key }), { 'idempotency-key': key });
            if (response.ok) {
              tally.acknowledged++;
              acknowledged.add(key);
            } else tally.non2xx++;
            break;
          } catch {
            tally.errors++;
          }
        }
      }
    }
    async function payer(worker: number) {
      for (let i = 0; !stop; i++) {
        const key = randomUUID();
        const data = new FormData();
        for (const [name, value] of payForm.fields) data.append(name, value);
        data.set('key', key);
        data.set('choice', choice);
        data.set('name', `Payer ${run}`);
        data.set('email', 'payer@example.lv');
        data.set('reference', `kill-${run}-${worker}-${i}`);
        tally.sent++;
        try {
          const response = await fetch(`${cluster.nginx}${payForm.action || '/cy-en/companies/ucity'}`, { method: 'POST', body: data, redirect: 'manual', headers: { origin: cluster.nginx } });
          if (response.status === 303 && /\/checkout\//.test(response.headers.get('location') ?? '')) {
            tally.acknowledged++;
            payments.add(key);
          } else tally.non2xx++;
        } catch {
          tally.errors++;
        }
      }
    }
    async function reader() {
      while (!stop) {
        tally.pages++;
        const status = await fetch(`${cluster.nginx}/lv-lv/about`).then((r) => r.status).catch(() => 0);
        if (status !== 200) tally.pagesFailed++;
      }
    }

    const load = Promise.all([...[0, 1, 2, 3, 4, 5].map(submitter), ...[0, 1].map(payer), reader(), reader()]);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const pid = fs.readFileSync(path.join(cluster.serversDir, 'cluster', 'instance-2.pid'), 'utf8').trim();
    process.kill(-Number(pid), 'SIGKILL'); // instance 2 dies mid-request
    await new Promise((resolve) => setTimeout(resolve, 4000));
    restartInstance(3); // instance 3 is restarted gracefully
    await new Promise((resolve) => setTimeout(resolve, 4000));
    stop = true;
    await load;
    restartInstance(2);

    const stored = await sql<{ key: string; n: string }>(
      `SELECT idempotency_key AS key, COUNT(*) AS n FROM submissions WHERE idempotency_key LIKE $1 GROUP BY idempotency_key`,
      [`kill-${run}-%`],
    );
    const storedKeys = new Set(stored.map((row) => row.key));
    const duplicated = stored.filter((row) => Number(row.n) > 1).length;
    const missing = [...acknowledged].filter((key) => !storedKeys.has(key));
    const paid = await sql<{ key: string; n: string }>(`SELECT idempotency_key AS key, COUNT(*) AS n FROM payments WHERE reference LIKE $1 GROUP BY idempotency_key`, [`kill-${run}-%`]);
    const paidKeys = new Set(paid.map((row) => row.key));
    console.log(
      `kill test: sent ${tally.sent}, acknowledged ${tally.acknowledged}, stored ${stored.length} submissions + ${paid.length} payments, ` +
        `duplicated ${duplicated}, lost ${missing.length + [...payments].filter((k) => !paidKeys.has(k)).length}, non-2xx ${tally.non2xx}, ` +
        `network errors ${tally.errors}; pages ${tally.pages}, of which not 200: ${tally.pagesFailed}`,
    );
    expect(tally.acknowledged).toBeGreaterThan(50);
    expect(payments.size, 'payments were started and acknowledged during the kill').toBeGreaterThan(5);
    expect(missing).toEqual([]);
    expect(duplicated).toBe(0);
    expect([...payments].filter((key) => !paidKeys.has(key))).toEqual([]);
    expect(paid.every((row) => Number(row.n) === 1)).toBe(true);
    expect(tally.pagesFailed).toBeLessThanOrEqual(Math.ceil(tally.pages * 0.02));
  });
});
