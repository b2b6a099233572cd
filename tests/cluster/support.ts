import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** The cluster of deploy/cluster.sh as the tests start it (tests/cluster/setup.ts). */
export const cluster = {
  serversDir: path.join(process.cwd(), '.servers'),
  nginx: 'https://localhost:3443',
  instances: [3201, 3202, 3203].map((port) => `http://localhost:${port}`),
  contentPort: 3209,
  apiPort: 3208,
  databaseUrl: 'postgres://postgres@127.0.0.1:54329/billme_cluster_test',
  secret: 'cluster-revalidate-secret-0123456789',
};

// nginx's certificate is self-signed for localhost.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

/** A query on the cluster's PostgreSQL. */
export async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** deploy/cluster.sh restart N (SIGTERM, then start again with the settings of cluster.env). */
export function restartInstance(n: number) {
  execFileSync('bash', ['deploy/cluster.sh', 'restart', String(n)], { env: { ...process.env, SERVERS_DIR: cluster.serversDir }, stdio: 'inherit' });
}

/** Sets a key of the instances' environment (applies to instances started after). */
export function setInstanceEnv(key: string, value: string) {
  const file = path.join(cluster.serversDir, 'cluster', 'cluster.env');
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter((line) => line && !line.startsWith(`${key}=`));
  fs.writeFileSync(file, [...lines, `${key}=${value}`, ''].join('\n'));
}

/** The hidden fields and action of a server-rendered form (what a browser without JavaScript posts). */
export function formOf(html: string, marker: string): { action: string; fields: [string, string][] } {
  const start = html.indexOf(marker);
  const formStart = html.lastIndexOf('<form', start);
  const formEnd = html.indexOf('</form>', start);
  const form = html.slice(formStart, formEnd);
  const action = /action="([^"]*)"/.exec(form)?.[1] ?? '';
  const fields = [...form.matchAll(/<input[^>]*type="hidden"[^>]*>/g)].map((m) => {
    const name = /name="([^"]*)"/.exec(m[0])?.[1] ?? '';
    const value = /value="([^"]*)"/.exec(m[0])?.[1] ?? '';
    return [name, value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>')] as [string, string];
  });
  return { action: action.replace(/&amp;/g, '&'), fields: fields.filter(([name]) => name) };
}
