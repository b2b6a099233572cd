import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { mailDir, privateDir } from '@/lib/db';
import { env } from '@/lib/env';

let transporter: Transporter | null = null;

/**
 * SMTP when SMTP_URL is set (short timeouts: a mail server that hangs costs a retry, not a stuck
 * worker); else nodemailer's stream transport, whose message the sender writes as an .eml file.
 */
export function transport(): Transporter {
  transporter ??= env.SMTP_URL
    ? nodemailer.createTransport({
        url: env.SMTP_URL,
        connectionTimeout: 5000,
        greetingTimeout: 5000,
        socketTimeout: 15_000,
        tls: { rejectUnauthorized: env.SMTP_TLS_REJECT_UNAUTHORIZED },
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return transporter;
}

/** The embedded default: the message as `DATA_DIR/mail/<date>-<id>.eml`, fsynced. */
export function writeEml(id: string, message: Buffer): string {
  privateDir(mailDir());
  const file = path.join(/*turbopackIgnore: true*/ mailDir(), `${new Date().toISOString().replace(/[:.]/g, '-')}-${id.replace(/[^\w-]/g, '_')}.eml`);
  const fd = fs.openSync(/*turbopackIgnore: true*/ file, 'w', 0o600);
  try {
    fs.fchmodSync(fd, 0o600); // a copy of personal data: 0600 whatever the umask (lib/db/private-files.ts)
    fs.writeSync(fd, message);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return file;
}
