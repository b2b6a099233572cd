import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editionHtml } from '@/lib/content/html';
import { localContent } from '@/lib/content/local';
import { editions, languages, type Locale } from '@/lib/i18n/editions';
import { confirmationMail, receiptMail } from '@/lib/mail/templates';
import { companySlugs, getCompany } from '@/lib/payments/catalogue';
import type { Payment } from '@/lib/payments/store';
import type { Submission } from '@/lib/submissions/store';
import { env } from '@/lib/env';
import { backupDays, emails, facts, openFacts, unknownPayText, vacancyFacts, warnAboutOpenFacts } from '@/lib/facts/facts';
import { factTokenNames, renderFacts } from '@/lib/facts/html';
import { jobPosting, organization } from '@/lib/seo/structured-data';
import { isReservedHost } from './support/reserved';

/**
 * One source of company facts: every e-mail address, phone number and registration or VAT number a
 * page or mail states must come from content/facts.yaml (or be demo data under a reserved name), and
 * every {{facts.…}} token in the content must resolve.
 */

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// International phone numbers (+357 25 000 101, +371 2000 0000) and national ones of 8+ digits.
const PHONE = /\+\d{1,3}(?:[ .-]?\d){6,}/g;
// Registration and VAT numbers of the three countries: HE 417306, LV40003012345, EE123456789, CY12345678X,
// and an 11-digit Latvian or 8-digit Estonian registry code written alone.
const REGISTRATION = /\bHE ?\d{5,6}\b|\b(?:LV\d{11}|EE\d{9}|CY\d{8}[A-Z])\b|\b[45]\d{10}\b|\b1[0-6]\d{6}\b/g;

const factEmails = new Set(Object.values(emails));
const knownFactValues = new Set(
  Object.values(facts.entities).flatMap((entity) => Object.values(entity).filter((value): value is string => typeof value === 'string')),
);

/** The facts a text states that do not come from the facts (or a reserved demo domain). */
function strayFacts(text: string): string[] {
  const emails = [...text.matchAll(EMAIL)].map((m) => m[0]).filter((address) => !factEmails.has(address) && !isReservedHost(address.split('@')[1]!));
  const phones = [...text.matchAll(PHONE)].map((m) => m[0]).filter((value) => !knownFactValues.has(value));
  const registrations = [...text.matchAll(REGISTRATION)].map((m) => m[0]).filter((value) => !knownFactValues.has(value));
  return [...emails, ...phones, ...registrations];
}

const oneLocalePerLanguage = languages.map((lang) => editions.find((e) => e.language === lang)!.locale);

describe('company facts', () => {
  it('lists the placeholders and unconfirmed values that npm run check:facts prints', () => {
    const open = openFacts();
    expect(open).toEqual(expect.arrayContaining([
      { path: 'entities.lv.legalName', kind: 'placeholder', value: '[legal name]', required: true },
      { path: 'entities.cy.registrationNumber', kind: 'placeholder', value: '[registration number]', required: true },
      { path: 'paymentProvider.name', kind: 'placeholder', value: "[payment provider's name]", required: true },
      { path: 'vacancies.senior-full-stack-engineer.salary', kind: 'placeholder', value: '[gross monthly pay range]', required: true },
      { path: 'support.hours', kind: 'placeholder', value: '[support hours]', required: false },
      // The open items besides placeholders: the domain, app links, figures and decisions.
      { path: 'domain', kind: 'to be confirmed', value: '"billme.eu"', required: true },
      { path: 'apps.appStore', kind: 'to be confirmed', value: expect.stringContaining('apps.apple.com'), required: true },
      { path: 'stats.lv.companies', kind: 'to be confirmed', value: '180', required: true },
      { path: 'decisions.clientData', kind: 'to be confirmed', value: expect.any(String), required: true },
      { path: 'decisions.dataProtectionOfficer', kind: 'to be confirmed', value: expect.any(String), required: true },
      { path: 'decisions.transfersOutsideEea', kind: 'to be confirmed', value: expect.any(String), required: true },
      { path: 'decisions.retention', kind: 'to be confirmed', value: expect.any(String), required: true },
    ]));
  });

  it('renders a placeholder once as a styled "to be published" mark in the reader’s language, and values per edition', () => {
    const html = '<p>{{facts.entity.registrationNumber}}</p><p>{{facts.email.privacy}} · {{facts.merchantLocation}} · {{facts.backupDays}}</p>';
    expect(renderFacts(html, 'en-CY')).toContain('<span class="fact-pending">registration number: to be published</span>');
    expect(renderFacts(html, 'lv-LV')).toContain('<span class="fact-pending">reģistrācijas numurs: gaida publicēšanu</span>');
    expect(renderFacts(html, 'el-CY')).toContain('<span class="fact-pending">αριθμός εγγραφής: θα δημοσιευθεί</span>');
    // The entity as one phrase: one mark while any detail is unknown, never "registration number [registration number]".
    expect(renderFacts('<p>Company details: {{facts.entity}}.</p>', 'en-LV')).toBe('<p>Company details: <span class="fact-pending">to be published</span>.</p>');
    // A sentence that only carries an unknown fact is left out; a known one stays.
    const hours = '<p>Support answers on working days.{{#facts.support.hours}} Support hours: {{facts.support.hours}}.{{/facts.support.hours}}</p>';
    expect(renderFacts(hours, 'en-LV')).toBe('<p>Support answers on working days.</p>');
    expect(renderFacts('<p>{{#facts.backupDays}}Kept {{facts.backupDays}} days.{{/facts.backupDays}}</p>', 'en-LV')).toBe('<p>Kept 14 days.</p>');
    expect(renderFacts(html, 'en-LV')).toContain(`<a href="mailto:${emails.privacy}">${emails.privacy}</a> · Riga, Latvia · 14`);
    expect(renderFacts(html, 'ru-EE')).toContain('Рига, Латвия');
    expect(renderFacts('<p>{{facts.offices}}</p>', 'en-LV')).toMatch(/^<ul><li>Cyprus<\/li>.*<li>Palma de Mallorca, Spain<\/li>.*<\/ul>$/);
  });

  it('every {{facts.…}} token in the content resolves, in every edition', () => {
    const names = new Set(factTokenNames());
    for (const lang of languages) {
      const content = localContent(lang);
      const texts = [...content.pages, ...content.vacancies, ...content.articles, ...content.guides].map((item) => item.text).concat(content.faq.map((f) => f.answer));
      for (const text of texts) {
        for (const [, key] of text.matchAll(/\{\{\s*facts\.([A-Za-z.]+)\s*\}\}/g)) expect(names, `${lang}: {{facts.${key}}}`).toContain(key);
      }
      for (const item of [...content.pages, ...content.vacancies]) {
        expect(`${item.title} ${item.summary}`, `${lang}/${item.slug}: tokens only in the body`).not.toContain('{{');
      }
    }
    for (const locale of editions.map((e) => e.locale)) {
      for (const page of localContent(editions.find((e) => e.locale === locale)!.language).pages) {
        expect(editionHtml(page.text, locale), `${locale}/${page.slug}`).not.toContain('{{');
      }
    }
  });

  it('the legal pages and contacts state no fact that is not in the set', () => {
    for (const locale of editions.map((e) => e.locale)) {
      const content = localContent(editions.find((e) => e.locale === locale)!.language);
      for (const item of [...content.pages, ...content.vacancies, ...content.articles, ...content.guides]) {
        expect(strayFacts(editionHtml(item.text, locale)), `${locale}/${item.slug}`).toEqual([]);
      }
      for (const item of content.faq) expect(strayFacts(item.answer), `${locale} faq/${item.slug}`).toEqual([]);
    }
  });

  it('the message catalogues state no such fact either (the phone hint is a format example)', () => {
    for (const lang of languages) {
      const site = JSON.parse(fs.readFileSync(path.join('messages', `${lang}.json`), 'utf8')) as { Forms: { phoneHint?: string } };
      delete site.Forms.phoneHint;
      const mail = fs.readFileSync(path.join('messages', 'mail', `${lang}.json`), 'utf8');
      expect(strayFacts(JSON.stringify(site)), `messages/${lang}.json`).toEqual([]);
      expect(strayFacts(mail), `messages/mail/${lang}.json`).toEqual([]);
    }
  });

  it('receipts and confirmations name the facts’ support address and reply times, no invented contact', async () => {
    for (const locale of oneLocalePerLanguage) {
      for (const slug of companySlugs()) {
        const company = getCompany(slug)!;
        const service = company.services[0]!;
        const payment: Payment = {
          id: 'pay_test', company: slug, service: service.id, option: service.options[0]?.id ?? 'free', quantity: 1, months: 1, amountCents: 1500, feeCents: 0, currency: 'EUR',
          payerName: 'Test Payer', payerEmail: 'payer@example.com', reference: '', locale, provider: 'test', providerRef: null, status: 'paid',
          cardBrand: 'visa', cardLast4: '4242', attempts: 1, lastOutcome: 'success', createdAt: '2026-11-26T10:00:00Z', paidAt: '2026-11-26T10:00:05Z', review: null, reviewedAt: null,
        };
        const mail = (await receiptMail(payment))!;
        expect(strayFacts(mail.text), `${locale} ${slug}`).toEqual([]);
        expect(mail.text).toContain(emails.support);
        if (company.phone) expect(mail.text).not.toContain(company.phone);
      }
      const submission = (kind: Submission['kind']): Submission => ({
        id: 'sub_test', kind, idempotencyKey: 'k', locale, data: { name: 'Ann', email: 'ann@example.com', company: 'Example', position: 'Engineer' },
        attachment: null, createdAt: '2026-11-26T10:00:00Z', delivery: 'stored', target: null, attempts: 0, nextAttemptAt: null, lastError: null, deliveredAt: null,
      });
      for (const kind of ['ask-question', 'business-start', 'job-application'] as const) {
        const mail = await confirmationMail(submission(kind));
        expect(strayFacts(mail.text), `${locale} ${kind}`).toEqual([]);
        expect(mail.text, `${locale} ${kind}: the reply time is the facts' number`).toMatch(/\b2\b/);
      }
    }
  });

  it('job ads take pay and employer from the facts: an unknown range is a marker, never a figure, and JobPosting states only a known one', () => {
    for (const lang of languages) {
      for (const vacancy of localContent(lang).vacancies) {
        const expected = vacancyFacts(vacancy.slug);
        expect(expected, vacancy.slug).not.toBeNull();
        expect(vacancy.salary).toEqual(expected!.salary);
        expect(vacancy.salary, `${vacancy.slug}: nobody has given its pay range`).toBeUndefined();
        expect(vacancy.employer_country).toBe(expected!.country);
        expect(vacancy.offer.join(' '), `${lang}/${vacancy.slug}`).not.toMatch(/individu|обсужда|ατομικής συμφωνίας/);
        expect(jobPosting('en-LV' as Locale, vacancy)).not.toHaveProperty('baseSalary');
        // Once the employer writes the range into content/facts.yaml (or the remote API sends one), it is stated.
        const paid = { ...vacancy, salary: { min: 4000, max: 5500, currency: 'EUR', period: 'month' as const } };
        expect((jobPosting('en-LV' as Locale, paid) as { baseSalary?: unknown }).baseSalary).toEqual({
          '@type': 'MonetaryAmount', currency: 'EUR', value: { '@type': 'QuantitativeValue', minValue: 4000, maxValue: 5500, unitText: 'MONTH' },
        });
      }
      expect(unknownPayText(lang)).toBe(facts.markers.pending![lang]);
    }
  });

  it("a job's place is its own country, read from its location in each language, never the edition's", () => {
    for (const edition of editions) {
      const { vacancies } = localContent(edition.language);
      const support = vacancies.find((v) => v.slug.startsWith('customer-support'))!;
      const engineer = vacancies.find((v) => v.slug === 'senior-full-stack-engineer')!;
      type Posted = { jobLocation: { address: Record<string, string> } };
      expect((jobPosting(edition.locale, support) as Posted).jobLocation.address, edition.locale).toEqual({ '@type': 'PostalAddress', addressCountry: 'CY' });
      expect((jobPosting(edition.locale, engineer) as Posted).jobLocation.address, edition.locale).toEqual({ '@type': 'PostalAddress', addressCountry: 'LV' });
    }
  });

  it('no text claims a certified payment provider while the facts give no certification', () => {
    expect(facts.paymentProvider.certification).toEqual({ placeholder: 'paymentProviderCertification', optional: true });
    const claim = /certified payment|sertificēt|sertifitseeritud|сертифицированн|πιστοποιημέν/i;
    const stray: string[] = [];
    for (const lang of languages) {
      const content = localContent(lang);
      for (const item of [...content.pages, ...content.vacancies, ...content.articles, ...content.guides]) if (claim.test(item.text)) stray.push(`${lang}/${item.slug}`);
      for (const item of content.faq) if (claim.test(item.answer)) stray.push(`${lang} faq/${item.slug}`);
      if (claim.test(fs.readFileSync(path.join('messages', `${lang}.json`), 'utf8'))) stray.push(`messages/${lang}.json`);
    }
    expect(stray).toEqual([]);
  });

  it('a fact once given replaces its marker: JSON-LD then names the entity', () => {
    const entity = facts.entities.lv;
    const saved = { ...entity };
    try {
      Object.assign(entity, { legalName: 'Example SIA', registrationNumber: '40000000000', vatNumber: 'LV40000000000' });
      const org = organization() as { subOrganization?: { legalName: string; identifier: string; vatID: string; areaServed: string }[] };
      expect(org.subOrganization).toEqual([expect.objectContaining({ legalName: 'Example SIA', identifier: '40000000000', vatID: 'LV40000000000', areaServed: 'LV' })]);
      const vacancy = localContent('en').vacancies.find((v) => v.employer_country === 'lv')!;
      expect(jobPosting('en-LV', vacancy).hiringOrganization).toEqual(expect.objectContaining({ legalName: 'Example SIA', identifier: '40000000000', vatID: 'LV40000000000' }));
    } finally {
      Object.assign(entity, saved);
    }
    expect(organization()).not.toHaveProperty('subOrganization');
  });

  it('backups are kept no longer than the privacy policy says, and the start-up warning says so otherwise', () => {
    expect(env.BACKUP_KEEP_DAYS).toBeLessThanOrEqual(backupDays);
    const lines: string[] = [];
    warnAboutOpenFacts(backupDays + 1, (event, line) => lines.push(`${event} ${line}`));
    expect(lines).toEqual([expect.stringMatching(/^facts\.open .*npm run check:facts lists them$/), expect.stringMatching(new RegExp(`^facts\\.backup-days BACKUP_KEEP_DAYS=${backupDays + 1}`))]);
  });

  it('the Organization object publishes the facts’ support address and no marker', () => {
    const json = JSON.stringify(organization());
    expect(json).toContain(emails.support);
    expect(json).not.toMatch(/\[(legal name|registration number|VAT number|registered address)\]/);
  });
});
