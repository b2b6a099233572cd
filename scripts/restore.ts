// npm run restore -- FILE [--erased-people-may-return]: loads a backup into the configured database,
// which must be empty (a new DATA_DIR, or a new PostgreSQL database in DATABASE_URL), migrates it, and
// re-applies the erasure log. It refuses to run when the erasure log or its key is missing or does not
// match, unless the flag says the operator accepts that people erased after the backup come back.
import { ERASED_MAY_RETURN_FLAG, restoreFrom } from '@/lib/backup';
import { closeDatabase } from '@/lib/db';

async function main(args: string[]) {
  const erasedMayReturn = args.includes(ERASED_MAY_RETURN_FLAG);
  const files = args.filter((arg) => arg !== ERASED_MAY_RETURN_FLAG);
  const file = files[0];
  if (!file || files.length > 1 || file.startsWith('--')) {
    console.error(`Usage: npm run restore -- FILE [${ERASED_MAY_RETURN_FLAG}]   (a billme-sqlite-*.sqlite.gz or billme-postgres-*.dump from npm run backup)`);
    process.exitCode = 2;
    return;
  }
  try {
    const result = await restoreFrom(file, { erasedMayReturn });
    console.log(`restored ${file} into ${result.into}`);
    if (result.erasureLogProblems.length > 0) {
      for (const problem of result.erasureLogProblems) console.warn(`warning: ${problem}`);
      console.warn(`warning: ${ERASED_MAY_RETURN_FLAG}: the erasure log was NOT re-applied; people erased after this backup was taken are back in the data`);
    } else {
      console.log(`erasure log: ${result.erasuresLogged} erasure(s) logged, ${result.erasuresReapplied} re-applied to the restored data`);
    }
  } catch (error) {
    console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await closeDatabase();
  }
}

void main(process.argv.slice(2));
