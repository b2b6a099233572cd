/**
 * The test provider's cards: what each number does on its payment page (README, docs/api.md). Any
 * other number is refused as "not a test card": the demo must not take a real card.
 */
export type TestOutcome = 'success' | 'declined' | 'expired' | 'processingError' | 'threeDSecure' | 'payerCloses';

export const testCards: Record<string, TestOutcome> = {
  '4242424242424242': 'success',
  '5555555555554444': 'success',
  '4000000000000002': 'declined',
  '4000000000000069': 'expired',
  '4000000000000119': 'processingError',
  // Stripe's "3-D Secure required" number: the bank asks the payer to confirm.
  '4000000000003220': 'threeDSecure',
  // The payment goes through, but the payer closes the page before coming back, and the notification is
  // lost too: only reconciliation (asking the provider) settles it.
  '4000000000000077': 'payerCloses',
};

/** The outcome of a number (digits only), or null: not a test card. */
export const testOutcome = (digits: string): TestOutcome | null => testCards[digits] ?? null;
