// npm run backup: a consistent, compressed copy of the database while the site runs (lib/backup),
// into BACKUP_DIR, keeping BACKUP_KEEP_DAYS days of them. Schedule it: docs/operations.md.
import { backupNow } from '@/lib/backup';
import { closeDatabase } from '@/lib/db';

async function main() {
  try {
    const result = await backupNow();
    console.log(`backup written: ${result.file} (${result.bytes} bytes)`);
    for (const file of result.deleted) console.log(`older than BACKUP_KEEP_DAYS, deleted: ${file}`);
  } catch (error) {
    console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await closeDatabase();
  }
}

void main();
