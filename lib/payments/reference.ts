/**
 * The payment's short reference, the one a payer reads out or types to support: `BM-1A2B-3C4D`, the
 * first 8 hex digits of its id. Pure (no store); support finds the payment by this prefix of its id.
 * 8 hex digits are 4.3 billion values: the chance that two of a million payments share one is
 * about 1 in 9, so support confirms with the amount and payer as they already do.
 */
export function shortReference(id: string): string {
  const hex = id.replace(/-/g, '').slice(0, 8).toUpperCase();
  return `BM-${hex.slice(0, 4)}-${hex.slice(4, 8)}`;
}
