import { migrations } from './migrations';
import type { Database } from './types';

/**
 * Applies the migrations not yet recorded, in order, in one transaction. On PostgreSQL an advisory lock
 * makes a second instance starting at the same moment wait, then find everything applied.
 */
export async function migrate(db: Database): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.lock('billme:migrate');
    const timestamp = db.dialect === 'postgres' ? 'timestamptz' : 'TEXT';
    await tx.run(`CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at ${timestamp} NOT NULL)`);
    const applied = new Set((await tx.all<{ id: string }>('SELECT id FROM schema_migrations')).map((row) => row.id));

    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.id)) continue;
      for (const step of migration[db.dialect]) {
        if (typeof step === 'string') await tx.exec(step);
        else await step(tx);
      }
      await tx.run('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)', [migration.id, new Date().toISOString()]);
      done.push(migration.id);
    }
    return done;
  });
}

/** Is every migration applied? (readiness) */
export async function migrated(db: Database): Promise<boolean> {
  try {
    const rows = await db.all<{ id: string }>('SELECT id FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.id));
    return migrations.every((m) => applied.has(m.id));
  } catch {
    return false;
  }
}
