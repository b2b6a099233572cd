/**
 * An email address as the site compares it: trimmed, in Unicode normal form (NFKC: a fullwidth `＠` or
 * letter is the ordinary one), and case-folded. SQL's lower() cannot do this: SQLite folds ASCII only,
 * so `ΝΙΚΟΣ@example.com.cy` would never match `νικος@example.com.cy`. Lower, upper, then lower case folds what
 * one step misses (ß and ẞ, the final sigma: `ΝΙΚΟΣ`, `νικοσ` and `νικος` all become `νικος`).
 *
 * Computed once, when an address is stored (the `*_normalized` columns), and for the address looked up;
 * the address as typed is what mail is sent to.
 */
export function normalizeEmail(address: string): string {
  return address.trim().normalize('NFKC').toLowerCase().toUpperCase().toLowerCase();
}
