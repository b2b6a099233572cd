import fs from 'node:fs';
import path from 'node:path';
import { mailDir } from '@/lib/db';
import { env } from '@/lib/env';
import { normalizeEmail } from '@/lib/forms/email';
import { mailAddresses, type DataOwner } from '@/lib/privacy';

/**
 * The mail domain's part of erasure and retention (lib/privacy/owners.ts): the .eml copies the
 * embedded default writes (./transport.ts), after the database's transaction. Erasure takes those
 * addressed to the person or whose Reply-To is them (the team's notice of their submission), matched
 * on the parsed addresses, never on a substring; retention those older than RETENTION_MAIL_DAYS.
 */
const emlFiles = (): string[] => {
  const dir = mailDir();
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => name.endsWith('.eml')).map((name) => path.join(/*turbopackIgnore: true*/ dir, name));
};

const remove = (files: string[], dryRun: boolean) => {
  if (!dryRun) for (const file of files) fs.rmSync(/*turbopackIgnore: true*/ file, { force: true });
  return { emlFiles: files.length };
};

export const mailData: DataOwner = {
  domain: 'mail',
  tables: [],
  async eraseFiles({ email, dryRun }) {
    const files = emlFiles().filter((file) =>
      mailAddresses(fs.readFileSync(/*turbopackIgnore: true*/ file, 'utf8'), ['to', 'cc', 'bcc', 'reply-to']).some((found) => normalizeEmail(found) === email),
    );
    return remove(files, dryRun);
  },
  async retainFiles({ now, dryRun }) {
    const before = new Date(now.getTime() - env.RETENTION_MAIL_DAYS * 86_400_000);
    return remove(emlFiles().filter((file) => fs.statSync(/*turbopackIgnore: true*/ file).mtime < before), dryRun);
  },
};
