/**
 * The addresses in the given header fields of an .eml file (RFC 5322 as nodemailer writes it): the
 * header block unfolded, quoted display names and comments removed, then each `<address>` or bare
 * address of the comma-separated list. Display names never count: `"e@example.com" <rate@example.com>`
 * is rate@example.com only.
 */
export function mailAddresses(message: string, fields: readonly string[]): string[] {
  const end = message.search(/\r?\n\r?\n/);
  const header = (end < 0 ? message : message.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const wanted = new Set(fields.map((field) => field.toLowerCase()));
  const found: string[] = [];
  for (const line of header.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon < 1 || !wanted.has(line.slice(0, colon).trim().toLowerCase())) continue;
    const value = line
      .slice(colon + 1)
      .replace(/"(?:[^"\\]|\\.)*"/g, '')
      .replace(/\((?:[^()\\]|\\.)*\)/g, '');
    for (const part of value.split(',')) {
      const angle = /<([^<>]*)>/.exec(part);
      const address = (angle ? angle[1]! : part).trim();
      if (address.includes('@')) found.push(address);
    }
  }
  return found;
}
