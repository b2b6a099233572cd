import { describe, expect, it } from 'vitest';
import { companySlugs, getCompany, isDemoContact, openCompanyData, type Company } from '@/lib/payments/catalogue';
import { languages } from '@/lib/i18n/editions';

/**
 * A client page states only what the project can stand behind (issue 41): the specification's company
 * names, kinds and amounts (spec 9, "Client-page amounts"). Any other price is kept only as "to be
 * confirmed", and only on a page that would otherwise have nothing to pay; descriptions say what kind of
 * organisation it is and nothing more.
 */
const companies = companySlugs().map((slug) => getCompany(slug)!);

/** Spec 9, in cents: the amounts a payable option may have without being marked "to be confirmed". */
const specAmounts: Partial<Record<Company['services'][number]['type'], { price: number; discountPercent?: number; only?: string }[]>> = {
  // Internet provider: monthly plans 15 to 45 (5 % off for 2 months, 10 % for 3), weekly 8 to 14.
  internetPlan: [{ price: 1500 }, { price: 4500 }, { price: 800 }, { price: 1400 }],
  // Antenna installation 99, router 40, both 139.
  installation: [{ price: 9900 }, { price: 4000 }, { price: 13900 }],
  // One football academy: annual membership 1500 less 10 %, monthly 150 (ages 6-12) and 110 (ages 4-5), uniform 190.
  membership: [{ price: 150000, discountPercent: 10, only: 'fckrasavaacademy' }, { price: 15000, only: 'fckrasavaacademy' }, { price: 11000, only: 'fckrasavaacademy' }],
  uniform: [{ price: 19000, only: 'fckrasavaacademy' }],
  class: [{ price: 1500 }],
  deposit: [{ price: 100000, only: 'ucity' }],
};

describe('client company pages', () => {
  it('charge only the specification\'s amounts, or prices marked to be confirmed', () => {
    const unsourced: string[] = [];
    for (const company of companies) {
      for (const service of company.services) {
        if (service.type === 'donation') {
          // Donation: any amount from 10 to 1000, no presets (the specification names none).
          expect(service.freeAmount, `${company.slug}/${service.id}`).toEqual({ min: 1000, max: 100000 });
          expect(service.options, `${company.slug}/${service.id}`).toEqual([]);
        }
        for (const option of service.options) {
          if (option.toConfirm) continue;
          const allowed = (specAmounts[service.type] ?? []).some(
            (a) => a.price === option.price && (a.discountPercent ?? 0) === (option.discountPercent ?? 0) && (!a.only || a.only === company.slug),
          );
          if (!allowed) unsourced.push(`${company.slug}/${service.id}/${option.id} ${option.price / 100}`);
        }
      }
    }
    expect(unsourced).toEqual([]);
  });

  it('keep prices to be confirmed only on a page with nothing else to pay', () => {
    for (const company of companies) {
      const options = company.services.flatMap((s) => s.options);
      const sourced = options.some((o) => !o.toConfirm) || company.services.some((s) => s.freeAmount);
      if (sourced) expect(options.filter((o) => o.toConfirm).map((o) => o.id), company.slug).toEqual([]);
    }
  });

  it('describe only the kind of organisation and its country, in every language', () => {
    for (const company of companies) {
      expect(company.description.en, company.slug).toMatch(new RegExp(`^${company.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is an? [a-z ]+ in Cyprus\\.$`));
      for (const lang of languages) {
        const text = company.description[lang].replace(company.label, '');
        expect(text, `${company.slug} ${lang}`).not.toMatch(/\d/);
        expect(text.split(/[.!?]\s/).length, `${company.slug} ${lang}: one sentence`).toBe(1);
      }
    }
  });

  it('mark demo data as such, and know a demo contact from a real one', () => {
    for (const company of companies) {
      if ([company.email, company.website].some(isDemoContact)) expect(company.demo, company.slug).toBe(true);
    }
    expect(isDemoContact('payments@acliver.example')).toBe(true);
    expect(isDemoContact('https://acliver.example')).toBe(true);
    expect(isDemoContact('https://shop.example.com/pay')).toBe(true);
    expect(isDemoContact('info@acliver.example.cy')).toBe(false);
    expect(isDemoContact('https://billme.eu')).toBe(false);
    // check:facts lists every demo page and every price to be confirmed.
    const open = openCompanyData();
    expect(open.filter((item) => item.kind === 'demo data').map((item) => item.path)).toEqual(companies.filter((c) => c.demo).map((c) => `companies.${c.slug}`));
    expect(open.filter((item) => item.kind === 'to be confirmed').length).toBe(companies.flatMap((c) => c.services.flatMap((s) => s.options.filter((o) => o.toConfirm))).length);
  });
});
