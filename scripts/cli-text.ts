/** Text the operator CLI prints: safe for a terminal and for a spreadsheet. */

/**
 * What is not printable: control characters (C0, DEL, C1), format characters (every bidi mark,
 * embedding, override and isolate, U+061C included; zero-width characters; soft hyphens), line and
 * paragraph separators, private-use, unpaired surrogates and unassigned code points.
 */
const NON_PRINTABLE = /[\p{C}\p{Zl}\p{Zp}]/gu;

const hex = (code: number, width: number) => code.toString(16).padStart(width, '0');

/**
 * Every non-printable character shown escaped (`\n`, `\x1b`, `\u202e`), so a visitor's text can neither
 * drive the terminal (escape sequences, a window title) nor forge a record line (newlines), nor reorder
 * what is shown (bidi marks).
 */
export function printable(text: string): string {
  return text.replace(NON_PRINTABLE, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    const code = c.codePointAt(0)!;
    return code <= 0xff ? `\\x${hex(code, 2)}` : code <= 0xffff ? `\\u${hex(code, 4)}` : `\\u{${hex(code, 5)}}`;
  });
}

/**
 * JSON whose strings carry no non-printable character raw: JSON.stringify escapes C0 controls only,
 * so DEL, C1 and bidi characters are written as \uXXXX escapes (the same strings to a JSON reader).
 */
export function printableJson(value: unknown): string {
  // Raw line breaks are the layout's own (inside strings JSON.stringify has escaped every C0 control).
  return JSON.stringify(value, null, 2).replace(NON_PRINTABLE, (c) =>
    c === '\n' ? c : Array.from({ length: c.length }, (_, i) => `\\u${hex(c.charCodeAt(i), 4)}`).join(''),
  );
}

/**
 * A CSV cell: non-printable characters escaped as on the terminal (a CSV is read in terminals too, and
 * a line break would start a forged row in a careless reader). A cell that a spreadsheet would read as
 * a formula (starting with = + - @, the `;` that Latvian, Estonian, Greek and Russian spreadsheets use
 * as separator, or their fullwidth forms) is prefixed with an apostrophe; quotes, commas and semicolons
 * are quoted.
 */
export function csvCell(value: unknown): string {
  const text = printable(value === undefined || value === null ? '' : String(value));
  const safe = /^[=+\-@;\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFF1B]|^\\[tr]/.test(text) ? `'${text}` : text;
  return /[",;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
