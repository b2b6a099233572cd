/**
 * The site's one notion of an email address: what the forms accept, what is stored and compared, what
 * `erase --email` looks up. One function decides (emailParts), so a form can never accept an address
 * that erasure cannot find. Plain TypeScript with no imports: the browser's form check, the server and
 * lib/env.ts (loaded by the production server before Next) all use this file.
 *
 * The address is read in Unicode normal form NFKC first: a fullwidth `＠` IS an at sign, so
 * `a＠b@example.com` has two of them and is refused (before, the form took it and erase could not).
 */

/** Not in a local part: whitespace, a second @, what mail headers treat specially. */
const LOCAL = /^[^\s@<>()[\]\\,;:"]+$/u;
/**
 * Characters that are never part of an address although they survive NFKC: control, invisible format
 * characters (zero-width space U+200B, BOM U+FEFF, word joiner U+2060, soft hyphen U+00AD, bidi marks)
 * and line separators. They would make two addresses look alike that never compare equal.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
/** Before IDNA: what would make `http://<domain>` mean something else than a bare host name. */
const DOMAIN_TEXT = /^[^\s@<>()[\]\\,;:"/?#%']+$/u;
/** After IDNA (ASCII, lower case): a label, and a top-level domain (letters, or an IDN's `xn--`). */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{2,59})$/;

/** Lower, upper, then lower case folds what one step misses (ß and ẞ, the final sigma: `ΝΙΚΟΣ`, `νικοσ` and `νικος` all become `νικος`). */
const fold = (text: string) => text.toLowerCase().toUpperCase().toLowerCase();

/**
 * The domain in its one stored form: IDNA's ASCII form (punycode, lower case), which the WHATWG URL
 * parser computes the same way in the browser and in Node. `παράδειγμα.gr`, `ΠΑΡΑΔΕΙΓΜΑ.GR` and
 * `xn--hxajbheg2az3al.gr` (how nodemailer writes it in a mail's header) are one domain.
 */
function asciiDomain(domain: string): string | null {
  if (!DOMAIN_TEXT.test(domain)) return null;
  let host: string;
  try {
    host = new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || !TLD.test(labels.at(-1)!)) return null;
  return host;
}

/** An address's two parts as compared (local part NFKC and case-folded, domain in ASCII), or null if it is no address. */
export function emailParts(address: string): { local: string; domain: string } | null {
  const text = address.trim().normalize('NFKC');
  if (INVISIBLE.test(text)) return null;
  const at = text.indexOf('@');
  if (at < 1 || at !== text.lastIndexOf('@')) return null;
  const local = text.slice(0, at);
  const domain = asciiDomain(text.slice(at + 1));
  if (!LOCAL.test(local) || domain === null) return null;
  return { local: fold(local), domain };
}

/** Is it an address the site takes (forms, erase, the environment's addresses)? */
export const isEmail = (address: string): boolean => emailParts(address) !== null;

/**
 * An email address as the site compares it: `local@domain` of emailParts. SQL's lower() cannot do this:
 * SQLite folds ASCII only, so `ΝΙΚΟΣ@example.com.cy` would never match `νικος@example.com.cy`.
 * What is no address (an old row, a typo in a command) is only trimmed, NFKC-normalized and folded.
 *
 * Computed once, when an address is stored (the `*_normalized` columns), and for the address looked up;
 * the address as typed is what mail is sent to.
 */
export function normalizeEmail(address: string): string {
  const parts = emailParts(address);
  return parts ? `${parts.local}@${parts.domain}` : fold(address.trim().normalize('NFKC'));
}

/**
 * An address as it is mailed (issue 47, finding 11): read in NFKC as limits and erasure read it, so
 * `ａｎｎａ@example.com` goes to `anna@example.com`, the inbox the limits counted; the domain in
 * IDNA's ASCII form. The local part keeps its case (a mail server may tell cases apart).
 */
export function mailableAddress(address: string): string {
  const text = address.trim().normalize('NFKC');
  const parts = emailParts(text);
  return parts ? `${text.slice(0, text.indexOf('@'))}@${parts.domain}` : text;
}

/**
 * One mailbox however it is tagged: `anna+news@example.com` and `anna+x@example.com` are `anna@…`
 * (sub-addressing, RFC 5233: most providers deliver both to anna). The per-recipient limits count this.
 */
export function mailboxOf(normalizedAddress: string): string {
  const at = normalizedAddress.lastIndexOf('@');
  if (at < 1) return normalizedAddress;
  const local = normalizedAddress.slice(0, at);
  const plus = local.indexOf('+');
  return plus > 0 ? `${local.slice(0, plus)}${normalizedAddress.slice(at)}` : normalizedAddress;
}
