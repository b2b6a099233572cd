import { describe, expect, it } from 'vitest';
import { containsCardNumber, luhn } from '@/lib/forms/card-number';
import { askQuestionSchema, businessStartSchema, fieldErrors, jobApplicationSchema } from '@/lib/forms/schemas';
import { payerSchema } from '@/lib/payments/schemas';

/** Issue 46: a card number in a free-text field is refused; the references people really type pass. */
const cards = [
  '4242 4242 4242 4242', '4242424242424242', '4242-4242-4242-4242', '5555 5555 5555 4444', '2223 0031 2200 3222', '3782 822463 10005',
  '6011 1111 1111 1117', '3566 0020 2036 0505', '6759 6498 2643 8453', '4000 0566 5566 5556', '4917 6100 0000 0000',
];
const references = [
  // Estonian reference numbers (viitenumber, 7-3-1 check digit), as banks print them.
  '2800049900', '13', '1234561', '12345678901234567894', '7300 0012 3452 1',
  // RF creditor references (ISO 11649).
  'RF18 5390 0754 7034', 'RF18539007547034', 'RF71 4567 8901 2345 6789 0',
  // Invoice and contract numbers, dates, amounts, a phone number typed in a message.
  'INV-2026-000123', 'Invoice 2026/00451', 'Contract LV-2025-77812', 'Andreas, U10', 'Room 12, 1.–31.12.2026', '1350.00 EUR', 'Call me on +49 1511 2345678',
];

describe('a card number in a free-text field', () => {
  it('is found however it is typed, also with its expiry and code after it', () => {
    for (const card of cards) expect(containsCardNumber(card), card).toBe(true);
    expect(containsCardNumber('my card 4242 4242 4242 4242 12 30 123 please')).toBe(true);
    expect(containsCardNumber('Pay with 4242424242424242 exp 12/30 cvc 123')).toBe(true);
  });

  it('is not found in real references, invoice numbers and other numbers', () => {
    for (const reference of references) expect(containsCardNumber(reference), reference).toBe(false);
  });

  it('needs a scheme\'s prefix and length as well as Luhn: most Luhn-valid numbers pass', () => {
    // One random number in ten passes Luhn alone; with an unknown prefix (1, 7, 8, 9) none is a card.
    let luhnValid = 0;
    for (let i = 0; i < 2000; i++) {
      const digits = `${[1, 7, 8, 9][i % 4]}${String(Math.floor(Math.random() * 1e15)).padStart(15, '0')}`;
      if (luhn(digits)) {
        luhnValid++;
        expect(containsCardNumber(digits), digits).toBe(false);
      }
    }
    expect(luhnValid).toBeGreaterThan(100);
  });

  it('is refused with cardNumber in the payer reference and every form\'s message, name and company', () => {
    const card = '4242 4242 4242 4242';
    expect(fieldErrors(payerSchema.safeParse({ name: 'Anna', email: 'anna@example.com', reference: card }).error!)).toEqual({ reference: 'cardNumber' });
    expect(fieldErrors(askQuestionSchema.safeParse({ name: 'Anna', email: 'anna@example.com', phone: '', message: `my card is ${card} 12/30 123` }).error!)).toEqual({ message: 'cardNumber' });
    const business = { name: 'Anna', email: 'anna@example.com', phone: '+371 2000 0000', company: card, field: '', website: '', message: card };
    expect(fieldErrors(businessStartSchema.safeParse(business).error!)).toEqual({ company: 'cardNumber', message: 'cardNumber' });
    expect(fieldErrors(jobApplicationSchema.safeParse({ name: card, email: 'anna@example.com', phone: '+371 2000 0000', linkedin: '', message: '', keep: '' }).error!)).toEqual({ name: 'cardNumber' });
  });

  it('real references pass the payer form and the messages', () => {
    for (const reference of references.filter((r) => r.length <= 100)) {
      expect(payerSchema.safeParse({ name: 'Anna', email: 'anna@example.com', reference }).success, reference).toBe(true);
      expect(askQuestionSchema.safeParse({ name: 'Anna', email: 'anna@example.com', phone: '', message: `Reference ${reference}` }).success, reference).toBe(true);
    }
    // A phone number keeps its own check: a 13-digit German mobile is a phone, not a card.
    expect(askQuestionSchema.safeParse({ name: 'Anna', email: 'anna@example.com', phone: '+49 1511 2345678', message: 'Hello' }).success).toBe(true);
  });
});
