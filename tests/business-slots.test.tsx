// The /business fact slots: absent while their facts are placeholders, shown (with a worked fee example) once given.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { FeeRates, Integrations, Proof } from '@/components/business/BusinessSlots';
import { businessSlots } from '@/lib/facts/business';
import { openFacts, type BusinessFacts } from '@/lib/facts/facts';

const unknown = (placeholder: string) => ({ placeholder, optional: true as const });
const nothingKnown: BusinessFacts = {
  payoutDays: unknown('payoutDays'),
  integrations: unknown('integrations'),
  fees: { perCompanyMonthly: unknown('feePerCompany'), perInvoice: unknown('feePerInvoice'), exampleInvoices: 500 },
  logos: unknown('clientLogos'),
  quote: unknown('clientQuote'),
};
// Test values only: no company fact (content/facts.yaml holds the real ones).
const allKnown: BusinessFacts = {
  payoutDays: 2,
  integrations: ['Package A', 'Package B'],
  fees: { perCompanyMonthly: 20, perInvoice: 0.15, exampleInvoices: 500 },
  logos: [{ name: 'Client A', src: '/images/clients/client-a.svg' }],
  quote: { text: { lv: 'lv', en: 'It works.', ru: 'ru', et: 'et', el: 'el' }, name: 'Anna B.', role: { lv: 'lv', en: 'CFO', ru: 'ru', et: 'et', el: 'el' }, company: 'Client A' },
};
const feeText = {
  title: 'Rates',
  perCompany: (a: string) => `${a} a month per company`,
  perInvoice: (a: string) => `${a} per invoice`,
  vat: 'Prices exclude VAT.',
  exampleTitle: 'An example',
  example: (v: { invoices: string; company: string; invoice: string; total: string }) => `${v.invoices} invoices: ${v.company} + ${v.invoices} × ${v.invoice} = ${v.total}`,
};

describe('the /business slots', () => {
  it('are all absent while their facts are placeholders, and render nothing', () => {
    const slots = businessSlots('en', nothingKnown);
    expect(slots).toEqual({});
    expect(renderToStaticMarkup(<Proof title="Proof" logos={slots.logos} quote={slots.quote} />)).toBe('');
    expect(renderToStaticMarkup(<FeeRates locale="en-LV" fees={slots.fees} text={feeText} />)).toBe('');
    expect(renderToStaticMarkup(<Integrations title="Integrations" lead="Lead" names={slots.integrations} />)).toBe('');
  });

  it('are shown once given: logos, the quote in the language, the integrations, the rates and a worked example', () => {
    const slots = businessSlots('en', allKnown);
    expect(slots.payoutDays).toBe(2);
    expect(slots.fees).toEqual({ perCompanyMonthly: 20, perInvoice: 0.15, example: { invoices: 500, total: 95 } });
    const proof = renderToStaticMarkup(<Proof title="Proof" logos={slots.logos} quote={slots.quote} />);
    expect(proof).toContain('alt="Client A"');
    expect(proof).toContain('<blockquote><p>It works.</p></blockquote>');
    expect(proof).toContain('Anna B., CFO, Client A');
    const fees = renderToStaticMarkup(<FeeRates locale="en-LV" fees={slots.fees} text={feeText} />);
    expect(fees).toContain('€20.00 a month per company');
    expect(fees).toContain('€0.15 per invoice');
    expect(fees).toContain('500 invoices: €20.00 + 500 × €0.15 = €95.00');
    expect(renderToStaticMarkup(<Integrations title="Integrations" lead="Lead" names={slots.integrations} />)).toContain('<li>Package B</li>');
  });

  it('shows no fee example while only one rate is known', () => {
    expect(businessSlots('en', { ...nothingKnown, fees: { ...nothingKnown.fees, perInvoice: 0.15 } }).fees).toBeUndefined();
  });

  it('never blocks the release: every business placeholder in the facts is optional', () => {
    const open = openFacts().filter((fact) => fact.path.startsWith('business.'));
    expect(open.length).toBeGreaterThan(0);
    for (const fact of open) expect(fact.required, fact.path).toBe(false);
  });
});
