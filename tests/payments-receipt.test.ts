import { describe, expect, it } from 'vitest';
import { priceBreakdown } from '@/components/payments/breakdown';
import { formatEuros } from '@/lib/payments/price';
import { shortReference } from '@/components/payments/reference';

const off = (percent: number) => `${percent}% off`;
const services = [
  { id: 'plan', options: [{ id: 'fast', price: 4500 }], periods: [{ months: 1 }, { months: 3, discountPercent: 10 }] },
  { id: 'membership', options: [{ id: 'year', price: 150000, discountPercent: 10 }, { id: 'month', price: 15000 }], quantity: { max: 5 } },
  { id: 'donation', options: [], freeAmount: { min: 1000, max: 100000 } },
];

describe('the receipt', () => {
  it('quotes a short reference: BM- and the first 8 hex digits of the id, in capitals', () => {
    expect(shortReference('1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d')).toBe('BM-1A2B-3C4D');
  });

  it('shows how a discounted total was reached: units × list price, then each discount', () => {
    expect(priceBreakdown(services, { service: 'plan', option: 'fast', quantity: 1, months: 3 }, 'en-LV', off)).toBe('3 × €45.00, 10% off');
    expect(priceBreakdown(services, { service: 'membership', option: 'year', quantity: 1, months: 1 }, 'en-LV', off)).toBe('1 × €1,500.00, 10% off');
    expect(priceBreakdown(services, { service: 'membership', option: 'month', quantity: 2, months: 1 }, 'lv-LV', off)).toBe(`2 × ${formatEuros(15000, 'lv-LV')}`);
  });

  it('explains nothing for one unit at its list price, a free amount or an unknown option', () => {
    expect(priceBreakdown(services, { service: 'plan', option: 'fast', quantity: 1, months: 1 }, 'en-LV', off)).toBeNull();
    expect(priceBreakdown(services, { service: 'donation', option: 'free', quantity: 1, months: 1 }, 'en-LV', off)).toBeNull();
    expect(priceBreakdown(services, { service: 'plan', option: 'gone', quantity: 1, months: 1 }, 'en-LV', off)).toBeNull();
  });
});

describe('the one receipt model and its PDF (issue 46)', async () => {
  const { createTranslator } = await import('next-intl');
  const ru = (await import('@/messages/ru.json')).default;
  const { getCompany } = await import('@/lib/payments/catalogue');
  const { receiptOf } = await import('@/lib/payments/receipt');
  const { receiptPdf } = await import('@/lib/payments/receipt-pdf');
  const company = getCompany('bluenet')!;
  const plan = company.services.find((s) => s.periods)!;
  const payment = {
    id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', status: 'paid' as const, service: plan.id, option: plan.options[0]!.id, quantity: 1, months: 3, amountCents: 12150, feeCents: 0,
    payerName: 'Олег Петров', payerEmail: 'oleg@example.ee', reference: 'Договор 77/2026', cardBrand: 'visa' as const, cardLast4: '4242', createdAt: '2026-12-01T10:00:00Z', paidAt: '2026-12-01T10:00:05Z', provider: 'test',
  };
  const t = createTranslator({ locale: 'ru-EE', messages: ru }) as unknown as (key: string, values?: Record<string, string | number>) => string;
  const receipt = receiptOf(payment, company, 'ru-EE', t);

  it('names the issuer from the facts (a marker for what nobody gave), the payee, purpose, period, amount, date, reference, card and provider', () => {
    expect(receipt.reference).toBe('BM-1A2B-3C4D');
    expect(receipt.issuer.lines.some((line) => !line.known && line.value === 'ожидает публикации')).toBe(true);
    expect(receipt.payee.name).toBe(company.label);
    expect(receipt.rows.map((row) => row.key)).toEqual(['purpose', 'period', 'date', 'reference', 'payer', 'payerReference', 'card', 'provider', 'fee', 'amount', 'status']);
    expect(receipt.rows.find((row) => row.key === 'purpose')!.value).toContain(plan.label.ru);
    expect(receipt.rows.find((row) => row.key === 'period')!.value).toBe('3 месяца');
    expect(receipt.rows.find((row) => row.key === 'card')!.value).toContain('4242');
    expect(receipt.rows.find((row) => row.key === 'provider')!.value).toBe('TestPay');
    expect(receipt.amount).toBe(formatEuros(12150, 'ru-EE'));
    expect(receipt.test).toBe(ru.PaymentOutcome.testPayment);
  });

  it('is a PDF with the full Inter fonts embedded (as subsets), for Cyrillic, Greek and Latin-ext names', async () => {
    const pdf = await receiptPdf({ ...receipt, payee: { ...receipt.payee, name: 'Ακαδημία Ķēķava Žaļā' } });
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    const text = pdf.toString('latin1');
    expect(text).toMatch(/\/FontName \/[A-Z]{6}\+Inter-Regular/);
    expect(text).toMatch(/\/FontName \/[A-Z]{6}\+Inter-SemiBold/);
    expect(text).toContain('/FontFile2');
    expect(text).not.toMatch(/\/BaseFont \/Helvetica/);
  });
});
