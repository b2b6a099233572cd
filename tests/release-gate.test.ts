import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { editions, languages } from '@/lib/i18n/editions';

/**
 * The release gate (lib/facts/gate.ts) and the pages once the company has given every fact: a public
 * site does not start while a required fact is open, and names each one; with every fact filled in
 * (tests/fixtures/facts-filled.yaml) it starts and no page shows a "to be published" mark.
 */

const FILLED = path.resolve('tests/fixtures/facts-filled.yaml');
const publicSite = { siteUrl: 'https://billme.eu', release: false, allowOpenFacts: false };

/** The facts modules as they load from another facts file. */
async function withFacts(file: string) {
  vi.resetModules();
  vi.doMock('@/lib/facts/file', () => ({ FACTS_FILE: file }));
  const [gate, html, content, facts, business] = await Promise.all([import('@/lib/facts/gate'), import('@/lib/content/html'), import('@/lib/content/local'), import('@/lib/facts/facts'), import('@/lib/facts/business')]);
  return { ...gate, ...html, ...content, ...facts, ...business };
}

afterEach(() => {
  vi.doUnmock('@/lib/facts/file');
  vi.resetModules();
});

describe('release gate', { timeout: 60_000 }, () => {
  it('lets the embedded default on localhost serve with its markers, and stops a public site naming each open fact', async () => {
    const { releaseGate } = await withFacts(path.resolve('content/facts.yaml'));
    expect(releaseGate({ ...publicSite, siteUrl: 'http://localhost:3000' })).toBeNull();
    expect(releaseGate({ ...publicSite, siteUrl: 'http://127.0.0.1:9100' })).toBeNull();
    const refusal = releaseGate(publicSite);
    expect(refusal).toMatch(/refusing to start: the site's address is https:\/\/billme\.eu/);
    for (const name of ['entities.lv.legalName', 'entities.cy.vatNumber', 'paymentProvider.name', 'vacancies.senior-full-stack-engineer.salary', 'domain', 'apps.appStore', 'decisions.transfersOutsideEea']) {
      expect(refusal).toContain(`  ${name} (`);
    }
    // Optional facts (the page reads well without them) do not hold a release back.
    expect(refusal).not.toContain('support.hours');
    expect(refusal).not.toContain('offices.0.city');
    expect(refusal).not.toContain('business.');
    // RELEASE=true applies the gate on any address; ALLOW_OPEN_FACTS=true is the one override.
    expect(releaseGate({ ...publicSite, siteUrl: 'http://localhost:3000', release: true })).toMatch(/refusing to start: RELEASE=true/);
    expect(releaseGate({ ...publicSite, allowOpenFacts: true })).toBeNull();
  });

  it('with every fact filled in, the gate lets a public site start and no page shows a marker', async () => {
    const { releaseGate, editionHtml, localContent, openFacts, vacancyFacts, entityOf, businessSlots } = await withFacts(FILLED);
    expect(openFacts()).toEqual([]);
    expect(releaseGate({ ...publicSite, release: true })).toBeNull();
    for (const lang of languages) {
      const locale = editions.find((e) => e.language === lang)!.locale;
      const content = localContent(lang);
      const texts = [...content.pages, ...content.vacancies, ...content.articles, ...content.guides].map((item) => item.text).concat(content.faq.map((f) => f.answer));
      for (const text of texts) {
        const html = editionHtml(text, locale);
        expect(html, `${lang}: ${html.slice(0, 80)}`).not.toContain('fact-pending');
        expect(html).not.toMatch(/\{\{|\}\}/);
      }
      for (const vacancy of content.vacancies) {
        expect(vacancyFacts(vacancy.slug)!.salary, vacancy.slug).toBeDefined();
        const employer = entityOf(vacancyFacts(vacancy.slug)!.country, lang);
        expect(employer.legalName.known && employer.registrationNumber.known).toBe(true);
      }
    }
    // The legal pages state the entity in full, and contacts the support hours.
    const terms = localContent('en').pages.find((p) => p.slug === 'terms-and-conditions')!;
    expect(editionHtml(terms.text, 'en-CY')).toContain('Billme Test CY Ltd, registration number HE000000, VAT number CY00000000X, registered address: 1 Test Street, 1010 Nicosia');
    expect(editionHtml(terms.text, 'en-CY')).toContain('our payment provider, Test Payments Ltd.');
    const contacts = localContent('et').pages.find((p) => p.slug === 'contacts')!;
    expect(editionHtml(contacts.text, 'et-EE')).toContain('Klienditoe lahtiolekuajad: tööpäeviti 9.00–17.00.');
    // /business fills every slot: payout, integrations, the rates with a worked example, logos, the quote.
    expect(Object.keys(businessSlots('el')).sort()).toEqual(['fees', 'integrations', 'logos', 'payoutDays', 'quote']);
    expect(businessSlots('el').quote?.text).toBe('Δοκιμαστική μαρτυρία.');
  });

  it('with only optional facts open (the /business slots), a public site starts and those slots are absent, not marked', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'facts-')), 'facts.yaml');
    const filled = fs.readFileSync(FILLED, 'utf8');
    const open = ['payoutDays: { placeholder: payoutDays, optional: true }', 'integrations: { placeholder: integrations, optional: true }', 'fees: { perCompanyMonthly: { placeholder: feePerCompany, optional: true }, perInvoice: { placeholder: feePerInvoice, optional: true }, exampleInvoices: 500 }', 'logos: { placeholder: clientLogos, optional: true }', 'quote: { placeholder: clientQuote, optional: true }'];
    const business = filled.replace(/^business:\n(?: .*\n)+/m, `business:\n${open.map((line) => `  ${line}\n`).join('')}`);
    expect(business).not.toBe(filled);
    fs.writeFileSync(file, business);
    const { releaseGate, openFacts, businessSlots } = await withFacts(file);
    expect(openFacts().map((fact) => fact.path)).toEqual(['business.payoutDays', 'business.integrations', 'business.fees.perCompanyMonthly', 'business.fees.perInvoice', 'business.logos', 'business.quote']);
    expect(openFacts().every((fact) => !fact.required)).toBe(true);
    expect(releaseGate({ ...publicSite, release: true })).toBeNull();
    for (const lang of languages) expect(businessSlots(lang)).toEqual({});
  });

  it('with one required fact missing, the gate stops the server and names that fact', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'facts-')), 'facts.yaml');
    fs.writeFileSync(file, fs.readFileSync(FILLED, 'utf8').replace(/^ {4}vatNumber: 'CY00000000X'$/m, '    vatNumber: { placeholder: vatNumber }'));
    const { releaseGate } = await withFacts(file);
    const refusal = releaseGate(publicSite);
    expect(refusal).toContain('1 required company facts');
    expect(refusal).toContain('  entities.cy.vatNumber (placeholder: [VAT number])');
    expect(refusal?.match(/^ {2}\S/gm)).toHaveLength(1);
  });
});
