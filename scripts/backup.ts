// npm run backup: a consistent, compressed copy of the database while the site runs (lib/backup),
// into BACKUP_DIR, keeping BACKUP_KEEP_DAYS days of them. Schedule it: docs/operations.md. It warns
// (on stderr, still exiting 0: the backup itself is good) when the erasure log or its key is not where
// a restore will look for it: without them a restore would bring erased people back.
import { backupNow } from '@/lib/backup';
import { closeDatabase } from '@/lib/db';

async function main() {
  try {
    const result = await backupNow();
    console.log(`backup written: ${result.file} (${result.bytes} bytes)`);
    for (const file of result.deleted) console.log(`older than BACKUP_KEEP_DAYS, deleted: ${file}`);
    for (const warning of result.warnings) console.warn(`warning: ${warning}`);
    if (result.warnings.length > 0) {
      console.warn('warning: a restore of this backup will refuse to run until the erasure log and its key are in place; back them up on their own (docs/operations.md, "The erasure log")');
    }
  } catch (error) {
    console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await closeDatabase();
  }
}

void main();
