import { describe, expect, it, vi } from 'vitest';

await vi.hoisted(async () => (await import('./support/temp-env')).tempEnv());

import { companySlugs, getCompany } from '@/lib/payments/catalogue';
import { recordPayment } from '@/lib/payments/service';
import { applyPaymentEvent } from '@/lib/payments';
import { getPayment, listPayments } from '@/lib/payments/store';

const payer = { name: 'Maria Georgiou', email: 'maria@example.com.cy', reference: 'Andreas, U10' };
const krasava = getCompany('fckrasavaacademy')!;
const annual = krasava.services.flatMap((s) => s.options.map((o) => ({ service: s, option: o }))).find((x) => x.option.discountPercent === 10)!;

describe('the catalogue', () => {
  it('has all 22 companies, valid, with translated texts', () => {
    for (const slug of companySlugs()) {
      const company = getCompany(slug);
      expect(company, slug).not.toBeNull();
      expect(company!.services.length, slug).toBeGreaterThan(0);
      expect(new Set(Object.values(company!.description)).size, `${slug} descriptions differ per language`).toBe(5);
    }
    expect(getCompany('acme')).toBeNull();
  });

  it('has the spec prices', () => {
    expect(annual.option.price).toBe(150000);
    const prices = (slug: string) => getCompany(slug)!.services.flatMap((s) => s.options.map((o) => o.price));
    expect(prices('fckrasavaacademy')).toEqual(expect.arrayContaining([150000, 15000, 11000, 19000]));
    expect(prices('bluenet')).toEqual(expect.arrayContaining([1500, 4500, 800, 1400, 9900, 4000, 13900]));
    expect(prices('pisfitness')).toContain(1500);
    expect(prices('ucity')).toContain(100000);
    const internet = getCompany('bluenet')!.services.find((s) => s.periods)!;
    expect(internet.periods).toEqual([{ months: 1 }, { months: 2, discountPercent: 5 }, { months: 3, discountPercent: 10 }]);
    const donations = companySlugs().flatMap((slug) => getCompany(slug)!.services.filter((s) => s.type === 'donation'));
    expect(donations.length).toBeGreaterThan(0);
    for (const donation of donations) expect(donation.freeAmount).toEqual({ min: 1000, max: 100000 });
  });
});

describe('recording a payment', () => {
  it('computes the amount from the catalogue, whatever else the form carries', async () => {
    const result = await recordPayment({
      company: 'fckrasavaacademy',
      choice: { serviceId: annual.service.id, optionId: annual.option.id },
      payer: { ...payer, price: '1', amount: '0.01' } as Record<string, string>,
      locale: 'el-CY',
      idempotencyKey: 'pay-key-tamper-01',
    });
    expect(result).toMatchObject({ ok: true, payment: { amountCents: 135000, feeCents: 0, status: 'open', company: 'fckrasavaacademy' } });
  });

  it('refuses an unknown company, service or option, and a bad payer', async () => {
    const base = { payer, locale: 'en-CY', idempotencyKey: 'pay-key-refuse-01' };
    expect(await recordPayment({ ...base, company: 'acme', choice: { serviceId: annual.service.id, optionId: annual.option.id } })).toMatchObject({ ok: false, choiceError: 'unknownService' });
    expect(await recordPayment({ ...base, company: 'fckrasavaacademy', choice: { serviceId: 'vip', optionId: 'gold' } })).toMatchObject({ ok: false, choiceError: 'unknownService' });
    expect(await recordPayment({ ...base, company: 'fckrasavaacademy', choice: { serviceId: annual.service.id, optionId: 'lifetime' } })).toMatchObject({ ok: false, choiceError: 'unknownOption' });
    expect(await recordPayment({ ...base, company: 'fckrasavaacademy', choice: { serviceId: annual.service.id, optionId: annual.option.id }, payer: { name: '', email: 'x' } })).toMatchObject({
      ok: false,
      errors: { name: 'required', email: 'email' },
    });
    expect((await listPayments()).filter((p) => p.payerEmail === 'maria@example.com.cy' && p.locale === 'en-CY')).toHaveLength(0);
  });

  it('makes one payment from a double submit', async () => {
    const input = {
      company: 'fckrasavaacademy',
      choice: { serviceId: annual.service.id, optionId: annual.option.id },
      payer,
      locale: 'ru-CY',
      idempotencyKey: 'pay-key-double-01',
    };
    const first = await recordPayment(input);
    const second = await recordPayment(input);
    expect(first.ok && second.ok).toBe(true);
    if (first.ok && second.ok) {
      expect(second.payment.id).toBe(first.payment.id);
      expect(second.duplicate).toBe(true);
    }
    expect((await listPayments()).filter((p) => p.locale === 'ru-CY')).toHaveLength(1);
  });

  it('never changes a paid payment again: a second success cannot charge twice', async () => {
    const result = await recordPayment({ company: 'ucity', choice: { serviceId: getCompany('ucity')!.services[0]!.id, optionId: getCompany('ucity')!.services[0]!.options[0]!.id }, payer, locale: 'en-CY', idempotencyKey: 'pay-key-paid-0001' });
    if (!result.ok) throw new Error('not recorded');
    const id = result.payment.id;
    const apply = async (input: Parameters<typeof applyPaymentEvent>[1]) => (await applyPaymentEvent(id, input))!.payment;
    expect(await apply({ event: 'declined', source: 'checkout', card: { brand: 'visa', last4: '0002' } })).toMatchObject({ status: 'declined', attempts: 1 });
    expect(await apply({ event: 'paid', source: 'checkout', card: { brand: 'mastercard', last4: '4444' } })).toMatchObject({ status: 'paid', attempts: 2, cardBrand: 'mastercard', cardLast4: '4444' });
    expect(await apply({ event: 'paid', source: 'checkout', card: { brand: 'visa', last4: '4242' } })).toMatchObject({ status: 'paid', attempts: 2, cardLast4: '4444' });
    expect(await apply({ event: 'failed', source: 'checkout' })).toMatchObject({ status: 'paid' });
    expect((await getPayment(id))!.paidAt).not.toBeNull();
  });

  it('refuses the same key for a different choice (a conflict, as payment APIs answer 409), charging nothing new', async () => {
    const services = krasava.services.flatMap((s) => s.options.map((o) => ({ s, o })));
    const first = await recordPayment({ company: 'fckrasavaacademy', choice: { serviceId: services[0]!.s.id, optionId: services[0]!.o.id }, payer, locale: 'lv-LV', idempotencyKey: 'pay-key-reuse-001' });
    const other = services.find((x) => x.o.id !== services[0]!.o.id)!;
    const second = await recordPayment({ company: 'fckrasavaacademy', choice: { serviceId: other.s.id, optionId: other.o.id }, payer, locale: 'lv-LV', idempotencyKey: 'pay-key-reuse-001' });
    expect(first).toMatchObject({ ok: true });
    expect(second).toMatchObject({ ok: false, conflict: true });
    expect((await listPayments()).filter((p) => p.locale === 'lv-LV' && p.reference === payer.reference)).toHaveLength(1);
  });
});
