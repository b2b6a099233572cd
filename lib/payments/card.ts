/** Card checks of the test checkout: Luhn, brand, expiry and CVC. Card data is never stored. */
import { luhn } from '@/lib/forms/card-number';
import { FIELD_LIMITS } from '@/lib/limits.ts';

export { luhn };

export const acceptedBrands = ['visa', 'visaElectron', 'mastercard', 'maestro'] as const;
export type Brand = (typeof acceptedBrands)[number];

/** The card types of spec 9, as their owners write them. */
export const brandNames: Record<Brand, string> = {
  visa: 'Visa',
  visaElectron: 'Visa Electron',
  mastercard: 'Mastercard',
  maestro: 'Maestro',
};

export type CardError = 'cardNumber' | 'unsupportedBrand' | 'expiry' | 'expired' | 'cvc' | 'cardName';

export const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/**
 * The brand from the number's prefix (IIN ranges). Visa Electron and Maestro are checked before the
 * broad Visa (4) and MasterCard ranges they sit in or next to. Anything else (American Express,
 * Discover, JCB, Diners, UnionPay...) is `other`, which the site refuses.
 */
export function detectBrand(digits: string): Brand | 'other' | null {
  if (digits.length < 1) return null;
  if (/^(4026|417500|4405|4508|4844|4913|4917)/.test(digits)) return 'visaElectron';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5018|5020|5038|5893|6304|6759|676[1-3]|0604|6390)/.test(digits)) return 'maestro';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (digits.length < 4 && /^(5|50|6|67|63|2|22|27)$/.test(digits)) return null; // not yet decidable
  return 'other';
}

const LENGTHS: Record<Brand, number[]> = {
  visa: [13, 16, 19],
  visaElectron: [16],
  mastercard: [16],
  maestro: [12, 13, 14, 15, 16, 17, 18, 19],
};

/** `MM/YY`, `MM / YY` or `MM/YYYY` → month and full year, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = value.replace(/\s/g, '').match(/^(\d{1,2})\/?(\d{2}|\d{4})$/);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  return expiry.year < now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1);
}

/** Digits of the security code for a number: four for American Express (refused, but typed whole), three otherwise. */
export const cvcLength = (digits: string) => (/^3[47]/.test(digits) ? 4 : 3);

export type CardInput = { name: string; number: string; expiry: string; cvc: string };
export type CheckedCard = { brand: Brand; last4: string; digits: string };

export function checkCard(input: CardInput, now = new Date()): { card: CheckedCard } | { errors: Partial<Record<keyof CardInput, CardError>> } {
  const errors: Partial<Record<keyof CardInput, CardError>> = {};
  const digits = digitsOf(input.number);
  const brand = detectBrand(digits);
  if (input.name.trim().length < 2 || input.name.length > FIELD_LIMITS.name) errors.name = 'cardName';
  if (brand === 'other') errors.number = 'unsupportedBrand';
  else if (!brand || !luhn(digits) || !LENGTHS[brand].includes(digits.length)) errors.number = 'cardNumber';
  const expiry = parseExpiry(input.expiry);
  if (!expiry) errors.expiry = 'expiry';
  else if (isExpired(expiry, now)) errors.expiry = 'expired';
  // A refused card type is the one problem to fix; its code length is not asked about.
  if (brand !== 'other' && !new RegExp(`^\\d{${cvcLength(digits)}}$`).test(input.cvc.trim())) errors.cvc = 'cvc';
  if (Object.keys(errors).length > 0 || !brand || brand === 'other') return { errors };
  return { card: { brand, last4: digits.slice(-4), digits } };
}
