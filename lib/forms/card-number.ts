/**
 * A card number where none belongs (issue 46): the site never takes one, so a free-text field (a
 * payer's reference, a form's message) that holds one is refused, keeping card data out of the
 * database and the mail. Pure, shipped to the browser with the form schemas.
 */

/** The Luhn check digit test (ISO/IEC 7812): what every payment card number passes. */
export function luhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The card schemes' number ranges (IIN prefixes) with their lengths. One random number in ten passes
 * Luhn alone, so a prefix of a known scheme with that scheme's length is required too: an Estonian
 * reference number (viitenumber), an RF creditor reference or an invoice number rarely matches all three.
 */
const SCHEMES: { prefix: RegExp; lengths: readonly number[] }[] = [
  // Visa's 13-digit numbers are long retired; a 13-digit run is far likelier a phone number.
  { prefix: /^4/, lengths: [16, 19] }, // Visa, Visa Electron
  { prefix: /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/, lengths: [16] }, // Mastercard
  { prefix: /^(5018|5020|5038|5893|6304|6759|676[1-3]|0604|6390)/, lengths: [12, 13, 14, 15, 16, 17, 18, 19] }, // Maestro
  { prefix: /^3[47]/, lengths: [15] }, // American Express
  { prefix: /^(6011|64[4-9]|65)/, lengths: [16, 17, 18, 19] }, // Discover
  { prefix: /^(352[89]|35[3-8]\d)/, lengths: [16, 17, 18, 19] }, // JCB
  { prefix: /^(36|30[0-5]|3095|38|39)/, lengths: [14, 15, 16, 17, 18, 19] }, // Diners Club
  { prefix: /^62/, lengths: [16, 17, 18, 19] }, // UnionPay
  { prefix: /^220[0-4]/, lengths: [16, 17, 18, 19] }, // Mir
];

const isCardNumber = (digits: string) => luhn(digits) && SCHEMES.some((s) => s.prefix.test(digits) && s.lengths.includes(digits.length));

/**
 * Does the text hold a card number? Read as a payer types one: digits in groups joined by single
 * spaces, dashes or dots (`4242 4242 4242 4242`, `4242-4242-4242-4242`), or in one run. A run of groups
 * is checked as every consecutive span of its groups (the expiry and code typed after the number join
 * the run: `4242 4242 4242 4242 12 30 123`); a single unbroken run only whole (a 20-digit reference is
 * not a card because 16 of its digits would be). A run after `+` is a phone number.
 */
export function containsCardNumber(text: string): boolean {
  for (const run of text.matchAll(/\d+(?:[ .-]\d+)*/g)) {
    // `+49 1511 2345678` is an international phone number: no card is written with a plus.
    if (text[run.index - 1] === '+') continue;
    const groups = run[0].split(/[ .-]/);
    if (groups.length === 1) {
      if (isCardNumber(groups[0]!)) return true;
      continue;
    }
    for (let start = 0; start < groups.length; start++) {
      let digits = '';
      for (let end = start; end < groups.length && digits.length < 19; end++) {
        digits += groups[end];
        if (digits.length >= 12 && isCardNumber(digits)) return true;
      }
    }
  }
  return false;
}
