import { describe, expect, it } from 'vitest';
import { checkCard, detectBrand, isExpired, luhn, parseExpiry } from '@/lib/payments/card';
import { testCards, testOutcome } from '@/lib/payments/sandbox/cards';

/** Completes a prefix to a Luhn-valid number of the given length. */
function withCheckDigit(prefix: string, length = 16): string {
  const body = prefix.padEnd(length - 1, '0');
  for (let d = 0; d <= 9; d++) if (luhn(body + d)) return body + d;
  throw new Error('unreachable');
}

describe('Luhn', () => {
  it('accepts the test cards and rejects a changed digit', () => {
    for (const number of Object.keys(testCards)) expect(luhn(number), number).toBe(true);
    expect(luhn('4242424242424241')).toBe(false);
    expect(luhn('4242 4242')).toBe(false);
    expect(luhn('')).toBe(false);
  });
});

describe('brand detection', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['4111111111111111', 'visa'],
    ['4026000000000002', 'visaElectron'],
    ['4175000000000001', 'visaElectron'],
    ['4405000000000000', 'visaElectron'],
    ['4508000000000000', 'visaElectron'],
    ['4844000000000000', 'visaElectron'],
    ['4913000000000000', 'visaElectron'],
    ['4917300000000000', 'visaElectron'],
    ['5105105105105100', 'mastercard'],
    ['5555555555554444', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000000', 'mastercard'],
    ['5018000000000000', 'maestro'],
    ['5020000000000000', 'maestro'],
    ['5038000000000000', 'maestro'],
    ['5893000000000000', 'maestro'],
    ['6304000000000000', 'maestro'],
    ['6759649826438453', 'maestro'],
    ['6761000000000000', 'maestro'],
    ['6763000000000000', 'maestro'],
    ['378282246310005', 'other'], // American Express
    ['6011111111111117', 'other'], // Discover
    ['3530111333300000', 'other'], // JCB
    ['36227206271667', 'other'], // Diners
    ['6200000000000005', 'other'], // UnionPay
    ['2721000000000000', 'other'],
  ])('%s is %s', (number, brand) => {
    expect(detectBrand(number)).toBe(brand);
  });

  it('waits for enough digits before deciding', () => {
    expect(detectBrand('')).toBeNull();
    expect(detectBrand('5')).toBeNull();
    expect(detectBrand('4')).toBe('visa');
  });
});

describe('expiry', () => {
  const now = new Date(2026, 10, 21); // November 2026
  it('reads MM/YY and MM/YYYY', () => {
    expect(parseExpiry('12/28')).toEqual({ month: 12, year: 2028 });
    expect(parseExpiry('03 / 2027')).toEqual({ month: 3, year: 2027 });
    expect(parseExpiry('1228')).toEqual({ month: 12, year: 2028 });
    expect(parseExpiry('13/28')).toBeNull();
    expect(parseExpiry('00/28')).toBeNull();
    expect(parseExpiry('12-28')).toBeNull();
  });
  it('is valid through the end of its month', () => {
    expect(isExpired({ month: 11, year: 2026 }, now)).toBe(false);
    expect(isExpired({ month: 10, year: 2026 }, now)).toBe(true);
    expect(isExpired({ month: 1, year: 2027 }, now)).toBe(false);
    expect(isExpired({ month: 12, year: 2025 }, now)).toBe(true);
  });
});

describe('card check', () => {
  const now = new Date(2026, 10, 21);
  const good = { name: 'Anna Bērziņa', number: '4242 4242 4242 4242', expiry: '12/28', cvc: '123' };
  it('passes a good card and keeps only brand and last four digits for the record', () => {
    expect(checkCard(good, now)).toEqual({ card: { brand: 'visa', last4: '4242', digits: '4242424242424242' } });
    expect(checkCard({ ...good, number: withCheckDigit('6759', 18) }, now)).toMatchObject({ card: { brand: 'maestro' } });
    expect(checkCard({ ...good, number: withCheckDigit('4026') }, now)).toMatchObject({ card: { brand: 'visaElectron' } });
  });
  it('names each problem', () => {
    expect(checkCard({ ...good, number: '4242 4242 4242 4241' }, now)).toEqual({ errors: { number: 'cardNumber' } });
    expect(checkCard({ ...good, number: '3782 822463 10005' }, now)).toEqual({ errors: { number: 'unsupportedBrand' } });
    expect(checkCard({ ...good, expiry: '10/26' }, now)).toEqual({ errors: { expiry: 'expired' } });
    expect(checkCard({ ...good, expiry: '1/2' }, now)).toEqual({ errors: { expiry: 'expiry' } });
    expect(checkCard({ ...good, cvc: '12' }, now)).toEqual({ errors: { cvc: 'cvc' } });
    expect(checkCard({ ...good, name: ' ' }, now)).toEqual({ errors: { name: 'cardName' } });
  });
});

describe('test provider', () => {
  it('maps each test card to its outcome; any other number is no test card (a real card is refused, issue 39)', () => {
    expect(testOutcome('4242424242424242')).toBe('success');
    expect(testOutcome('4000000000000002')).toBe('declined');
    expect(testOutcome('4000000000000069')).toBe('expired');
    expect(testOutcome('4000000000000119')).toBe('processingError');
    expect(testOutcome('5555555555554444')).toBe('success');
    expect(testOutcome('4000000000003220')).toBe('threeDSecure');
    expect(testOutcome('4000000000000077')).toBe('payerCloses');
    expect(testOutcome('4111111111111111')).toBeNull();
  });
});

describe('security code length', () => {
  it('follows the detected brand: four digits for American Express, three for the accepted cards', async () => {
    const { cvcLength } = await import('@/lib/payments/card');
    expect(cvcLength('378282246310005')).toBe(4);
    expect(cvcLength('34')).toBe(4);
    expect(cvcLength('4242424242424242')).toBe(3);
    expect(cvcLength('5555555555554444')).toBe(3);
    expect(cvcLength('')).toBe(3);
  });
});
