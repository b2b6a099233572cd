import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CV_MIME, type CvType } from '@/lib/forms/cv';
import type { Attachment } from './store';
import { uploadsDir } from './db';

/**
 * Stores an uploaded CV under DATA_DIR/uploads with a random name (never under public/, never served
 * back), fsynced before the submission that names it is committed.
 */
export function saveCv(bytes: Uint8Array, originalName: string, type: CvType): Attachment {
  const file = `${randomBytes(16).toString('hex')}.${type}`;
  // DATA_DIR is configuration, not part of the build: keep it out of output file tracing.
  const target = path.join(/*turbopackIgnore: true*/ uploadsDir(), file);
  const fd = fs.openSync(/*turbopackIgnore: true*/ target, 'wx', 0o600);
  try {
    fs.writeSync(fd, bytes);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  const name = path.basename(originalName).replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 120) || `cv.${type}`;
  return { file, name, type: CV_MIME[type], size: bytes.byteLength };
}

export function readCv(attachment: Attachment): Buffer {
  return fs.readFileSync(/*turbopackIgnore: true*/ path.join(uploadsDir(), path.basename(attachment.file)));
}

export function removeCv(attachment: Attachment): void {
  fs.rmSync(/*turbopackIgnore: true*/ path.join(uploadsDir(), path.basename(attachment.file)), { force: true });
}
