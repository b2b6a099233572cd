import fs from 'node:fs';

/**
 * Files of personal data (the database, its backups and their temporary copies, the erasure log and its
 * key, mail copies) are 0600 in directories that are 0700, whatever the umask and whatever was there
 * before: a mode given to mkdir or open is masked by the umask and ignored for what already exists, and
 * SQLite creates its file with the umask's default. So each is set explicitly with chmod.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the directory (and its parents) if needed, and makes it 0700. */
export function privateDir(dir: string): void {
  fs.mkdirSync(/*turbopackIgnore: true*/ dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(/*turbopackIgnore: true*/ dir, PRIVATE_DIR_MODE);
}

/**
 * Creates the file empty if it is missing, and makes it 0600, before anything is written to it (so no
 * byte of it is ever readable by others). SQLite gives its -wal and -shm files the database file's mode.
 */
export function privateFile(file: string): void {
  fs.closeSync(fs.openSync(/*turbopackIgnore: true*/ file, 'a', PRIVATE_FILE_MODE));
  fs.chmodSync(/*turbopackIgnore: true*/ file, PRIVATE_FILE_MODE);
}
