import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cluster, restartInstance } from './support';

/**
 * What the on-call person sees of the cluster: Prometheus (deploy/cluster.sh starts it on loopback with
 * deploy/prometheus's configuration and rules) scrapes the three instances' metrics ports; an instance
 * that dies shows as `up` 0 and its instance-down alert goes pending, then firing.
 */
const prometheus = 'http://127.0.0.1:3290';
const metricsPorts = [3221, 3222, 3223];

async function query(expr: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
  const answer = (await (await fetch(`${prometheus}/api/v1/query?query=${encodeURIComponent(expr)}`)).json()) as { data: { result: never[] } };
  return answer.data.result;
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    value = await read();
  }
  return value;
}

describe('observability of the cluster', () => {
  it('each instance serves its metrics on its own loopback port, never on the site port', async () => {
    for (const [i, port] of metricsPorts.entries()) {
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(text).toMatch(/^billme_database_ready 1$/m);
      // The site's own port answers /metrics as any unknown page (a 404, or the unavailable page while the
      // content API cannot say): never with the metrics.
      const site = await fetch(`${cluster.instances[i]}/metrics`, { redirect: 'manual' });
      expect(site.status).not.toBe(200);
      expect(await site.text()).not.toContain('billme_');
    }
  });

  it("nginx's request id reaches the instance's log line and the client", async () => {
    const response = await fetch(`${cluster.nginx}/lv-en/about`, { headers: { 'x-request-id': 'made-up-by-the-client' } });
    const id = response.headers.get('x-request-id') ?? '';
    expect(id).toMatch(/^[0-9a-f]{32}$/); // nginx's $request_id, not the client's
    const logs = await until(
      async () => [1, 2, 3].map((n) => fs.readFileSync(path.join(cluster.serversDir, 'cluster', `instance-${n}.log`), 'utf8')).join('\n'),
      (text) => text.includes(`"requestId":"${id}"`),
      10_000,
    );
    const line = logs.split('\n').find((l) => l.includes(`"requestId":"${id}"`) && l.includes('"event":"request"'))!;
    expect(JSON.parse(line)).toMatchObject({ route: '/[locale]/about', status: 200, instance: expect.stringMatching(/^instance-[123]$/) });
  });

  it('Prometheus scrapes the three instances; a killed instance is up 0 and its instance-down alert is pending or firing', async () => {
    const up = await until(() => query('up{job="billme"}'), (result) => result.length === 3 && result.every((r) => r.value[1] === '1'));
    expect(up.map((r) => r.metric.instance).sort()).toEqual(metricsPorts.map((port) => `127.0.0.1:${port}`));

    const pid = fs.readFileSync(path.join(cluster.serversDir, 'cluster', 'instance-3.pid'), 'utf8').trim();
    process.kill(-Number(pid), 'SIGKILL');
    try {
      const down = await until(() => query('up{job="billme", instance="127.0.0.1:3223"}'), (result) => result[0]?.value[1] === '0');
      expect(down[0]?.value[1]).toBe('0');
      type Alert = { labels: Record<string, string>; state: string };
      const alerts = await until(
        async () => ((await (await fetch(`${prometheus}/api/v1/alerts`)).json()) as { data: { alerts: Alert[] } }).data.alerts,
        (list) => list.some((a) => a.labels.alertname === 'BillmeInstanceDown' && a.labels.instance === '127.0.0.1:3223'),
      );
      const alert = alerts.find((a) => a.labels.alertname === 'BillmeInstanceDown')!;
      console.log(`Prometheus: up{instance="127.0.0.1:3223"} = 0; ${alert.labels.alertname} is ${alert.state}`);
      expect(['pending', 'firing']).toContain(alert.state);
      expect(alert.labels.instance).toBe('127.0.0.1:3223');
    } finally {
      restartInstance(3);
    }
  });
});
