// npm run restore -- FILE: loads a backup into the configured database, which must be empty (a new
// DATA_DIR, or a new PostgreSQL database in DATABASE_URL), migrates it, and re-applies the erasure log.
import { restoreFrom } from '@/lib/backup';
import { closeDatabase } from '@/lib/db';

async function main(file: string | undefined) {
  if (!file) {
    console.error('Usage: npm run restore -- FILE   (a billme-sqlite-*.sqlite.gz or billme-postgres-*.dump from npm run backup)');
    process.exitCode = 2;
    return;
  }
  try {
    const result = await restoreFrom(file);
    console.log(`restored ${file} into ${result.into}`);
    console.log(`erasure log: ${result.erasuresLogged} erasure(s) logged, ${result.erasuresReapplied} re-applied to the restored data`);
  } catch (error) {
    console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await closeDatabase();
  }
}

void main(process.argv[2]);
