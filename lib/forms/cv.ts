import { CV_MAX_BYTES } from '@/lib/limits.ts';
import type { ErrorCode } from './schemas';

/** The CV attachment of a job application: PDF, DOC or DOCX up to CV_MAX_BYTES, checked by content. */
export { CV_MAX_BYTES };
export const CV_ACCEPT = '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export type CvType = 'pdf' | 'doc' | 'docx';

const EXTENSIONS: Record<CvType, string> = { pdf: '.pdf', doc: '.doc', docx: '.docx' };
export const CV_MIME: Record<CvType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** What a browser can check before sending: presence, size and the name's extension. */
export function cvProblemByName(file: { name: string; size: number } | null | undefined): ErrorCode | null {
  if (!file || file.size === 0) return 'required';
  if (file.size > CV_MAX_BYTES) return 'cvSize';
  return /\.(pdf|docx?)$/i.test(file.name) ? null : 'cvType';
}

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const utf16le = (text: string) => Array.from(text, (c) => [c.charCodeAt(0), 0]).flat();

/** Whether the bytes contain the sequence (plain Uint8Array: no Buffer, so no polyfill in the browser's bundle). */
function contains(bytes: Uint8Array, needle: number[]): boolean {
  for (let i = bytes.indexOf(needle[0]!); i >= 0 && i <= bytes.length - needle.length; i = bytes.indexOf(needle[0]!, i + 1)) {
    if (needle.every((b, j) => bytes[i + j] === b)) return true;
  }
  return false;
}

/**
 * The file's real type from its bytes, whatever its name says: `%PDF-`; the OLE2 compound file of
 * Word 97-2003 with a WordDocument stream; or a ZIP package with `word/document.xml` (DOCX).
 */
export function sniffCv(bytes: Uint8Array): CvType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    // The directory names are UTF-16LE: "WordDocument"
    return contains(bytes, utf16le('WordDocument')) ? 'doc' : null;
  }
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    return contains(bytes, ascii('[Content_Types].xml')) && contains(bytes, ascii('word/document.xml')) ? 'docx' : null;
  }
  return null;
}

/** The server's check: size, then content; the name only has to agree with the content's type. */
export function cvProblem(file: { name: string; size: number }, bytes: Uint8Array): { problem: ErrorCode } | { type: CvType } {
  const byName = cvProblemByName(file);
  if (byName) return { problem: byName };
  const type = sniffCv(bytes);
  if (!type || !file.name.toLowerCase().endsWith(EXTENSIONS[type])) return { problem: 'cvType' };
  return { type };
}
