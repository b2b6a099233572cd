// npm run migrate: applies the database migrations (lib/db/migrations) to DATABASE_URL, or to the SQLite
// file under DATA_DIR. Safe to run from several instances at once: PostgreSQL's advisory lock lets one
// apply them while the others wait and then find nothing to do. Instances also migrate on first use.
import { env } from '@/lib/env';
import { migrateNow } from '@/lib/db';

const where = env.DATABASE_URL ? `PostgreSQL ${new URL(env.DATABASE_URL).host}${new URL(env.DATABASE_URL).pathname}` : `SQLite under ${env.DATA_DIR}`;
migrateNow()
  .then((applied) => console.log(applied.length ? `Applied to ${where}: ${applied.join(', ')}` : `${where} is up to date.`))
  .catch((error: unknown) => {
    console.error(`Migration failed on ${where}: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
