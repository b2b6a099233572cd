/** Text the operator CLI prints: safe for a terminal and for a spreadsheet. */

/**
 * Control characters shown escaped (`\n`, `\x1b`, `\u202e`), so a visitor's text can neither drive the
 * terminal (escape sequences) nor forge a record line (newlines), nor reorder what is shown (bidi marks).
 */
export function printable(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    const code = c.codePointAt(0)!;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * A CSV cell. A cell that a spreadsheet would read as a formula (starting with = + - @, the `;` that
 * Latvian, Estonian, Greek and Russian spreadsheets use as separator, a tab, a CR, or their fullwidth
 * forms) is prefixed with an apostrophe; quotes, commas and line breaks are quoted.
 */
export function csvCell(value: unknown): string {
  const text = value === undefined || value === null ? '' : String(value);
  const safe = /^[=+\-@;\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFF1B]/.test(text) ? `'${text}` : text;
  return /[",;\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
