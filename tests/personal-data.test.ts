import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { database } from '@/lib/db';
import { dataOwners } from '@/lib/personal-data';

await vi.hoisted(async () => (await import('./support/temp-env')).tempEnv());

/**
 * Issue 48: every domain owns its data, and every path erases through every domain. The hooks are
 * bound to their list in one module (lib/personal-data.ts); lib/privacy takes the list as an argument,
 * so no path can run it with a domain missing, and this test holds that every path reaches that module
 * and that every table of the schema has one owner.
 */
const read = (file: string) => fs.readFileSync(file, 'utf8');
const SQL_WRITE = /\b(?:FROM|INTO|UPDATE|JOIN)\s+([a-z_]+)/gi;
/** The tables named in SQL of a file (its string literals' FROM / INTO / UPDATE / JOIN). */
const tablesIn = (text: string) => new Set([...text.matchAll(SQL_WRITE)].map((m) => m[1]!.toLowerCase()));

describe('personal data: each domain owns its tables', () => {
  it('every table of the migrated schema has exactly one owner', async () => {
    const db = await database();
    const tables = (await db.all<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`))
      .map((row) => row.name)
      .filter((name) => name !== 'schema_migrations');
    const owned = dataOwners.flatMap((owner) => owner.tables);
    expect(new Set(owned).size, 'a table with two owners').toBe(owned.length);
    expect([...owned].sort()).toEqual([...tables].sort());
  });

  it('lib/privacy names no table in its SQL (it calls the owners\' hooks)', () => {
    const tables = dataOwners.flatMap((owner) => owner.tables);
    for (const file of fs.readdirSync('lib/privacy').map((name) => `lib/privacy/${name}`)) {
      expect([...tablesIn(read(file))].filter((t) => tables.includes(t)), file).toEqual([]);
    }
  });

  it('each owner writes only its own tables (its hooks\' SQL)', () => {
    const tables = dataOwners.flatMap((owner) => owner.tables);
    for (const owner of dataOwners) {
      const file = `lib/${owner.domain}/personal-data.ts`;
      const foreign = [...tablesIn(read(file))].filter((t) => tables.includes(t) && !owner.tables.includes(t));
      expect(foreign, file).toEqual([]);
    }
  });

  it('submissions/store.ts reads no table of the outbox', () => {
    expect([...tablesIn(read('lib/submissions/store.ts'))]).not.toContain('outbox');
  });

  it('every path that erases or applies retention goes through lib/personal-data.ts', () => {
    // The server, the operator's CLI (erase, retention) and restore's re-erasure.
    const paths = { 'instrumentation-node.ts': /from '@\/lib\/personal-data'/, 'scripts/submissions.ts': /from '@\/lib\/personal-data'/, 'lib/backup/index.ts': /from '@\/lib\/personal-data'/ };
    for (const [file, imports] of Object.entries(paths)) expect(read(file), file).toMatch(imports);
    // Nothing outside lib/privacy and lib/personal-data.ts calls the engine with a list of its own.
    const callers = ['app', 'components', 'lib', 'scripts'].flatMap(function walk(dir: string): string[] {
      return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : [`${dir}/${e.name}`]));
    }).concat(['instrumentation.ts', 'instrumentation-node.ts', 'server.ts']);
    // `import { … } from '@/lib/privacy'` naming one of the engine's functions, or a dynamic import of it.
    const engine = ['eraseWith', 'retainWith', 'reapplyErasures', 'startRetention'];
    const imported = (text: string) => [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@\/lib\/privacy(?:\/[a-z-]+)?'|\{([^}]*)\}\s*=\s*await import\('@\/lib\/privacy(?:\/[a-z-]+)?'\)/g)]
      .flatMap((m) => (m[1] ?? m[2] ?? '').split(',').map((name) => name.trim().split(/\s+as\s+/)[0]!));
    const outside = callers.filter(
      (file) => /\.(ts|tsx|mjs)$/.test(file) && !file.startsWith('lib/privacy/') && file !== 'lib/personal-data.ts' && imported(read(file)).some((name) => engine.includes(name)),
    );
    expect(outside).toEqual([]);
  });

  it('every domain with a table of personal data has its hooks in the list', () => {
    const byDomain = Object.fromEntries(dataOwners.map((owner) => [owner.domain, owner]));
    for (const domain of ['submissions', 'payments']) {
      expect(byDomain[domain]?.erase, `${domain} erases`).toBeTypeOf('function');
      expect(byDomain[domain]?.retain, `${domain} applies retention`).toBeTypeOf('function');
      expect(byDomain[domain]?.addresses, `${domain} tells its addresses`).toBeTypeOf('function');
    }
    expect(byDomain.outbox?.erase).toBeTypeOf('function');
    expect(byDomain.clients?.retain).toBeTypeOf('function');
    expect(byDomain.mail?.eraseFiles).toBeTypeOf('function');
    expect(byDomain.mail?.retainFiles).toBeTypeOf('function');
    // The outbox takes the ids the row owners erased, so it comes after them.
    const order = dataOwners.map((owner) => owner.domain);
    expect(order.indexOf('outbox')).toBeGreaterThan(Math.max(order.indexOf('submissions'), order.indexOf('payments')));
  });
});
