import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { contentDate } from '@/lib/content/schemas';
import { contentRoot } from '@/lib/content-root';
import { processValue } from '@/lib/handoff.ts';
import { countryByName, languages, type CountryCode, type Language } from '@/lib/i18n/editions';
import { COMPANIES_MAX } from '@/lib/limits';
import { isReservedHost } from './reserved-hosts';

/** A client company's slug: the name of its file `companies/<slug>.yaml` in the content root. */
export type CompanySlug = string;
const SLUG_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.yaml$/;

export const serviceTypes = [
  'donation', 'membership', 'sponsorship', 'uniform', 'monthlyFee', 'installation', 'internetPlan', 'courseFees', 'deposit',
  'installments', 'evaluations', 'class',
] as const;

const translated = z.object(Object.fromEntries(languages.map((l) => [l, z.string().min(1)])) as Record<Language, z.ZodString>);
const id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
/** EUR with at most 2 decimals, as integer cents. */
const euros = z.number().positive().max(100_000).transform((value, ctx) => {
  const cents = Math.round(value * 100);
  if (Math.abs(cents - value * 100) > 1e-6) ctx.addIssue({ code: 'custom', message: 'at most 2 decimals' });
  return cents;
});
const percent = z.number().min(0).max(90).optional();

// A price the specification does not give is one the company has not confirmed: written
// `{ value: 60, confirm: true }` (as an assumed fact in content/facts.yaml), shown as "to be confirmed"
// and listed by `npm run check:facts` (openCompanyData below).
const optionSchema = z
  .object({ id, label: translated, price: z.union([euros, z.object({ value: euros, confirm: z.literal(true) }).strict()]), discountPercent: percent })
  .transform(({ price, ...option }): typeof option & { price: number; toConfirm?: true } =>
    typeof price === 'number' ? { ...option, price } : { ...option, price: price.value, toConfirm: true },
  );
const serviceSchema = z
  .object({
    id,
    type: z.enum(serviceTypes),
    label: translated,
    options: z.array(optionSchema),
    quantity: z.object({ max: z.number().int().min(2).max(50) }).optional(),
    periods: z.array(z.object({ months: z.number().int().min(1).max(12), discountPercent: percent })).min(1).optional(),
    freeAmount: z.object({ min: euros, max: euros }).optional(),
  })
  // A donation may offer only an amount of the payer's choice (the specification gives its range, no presets).
  .refine((service) => service.options.length > 0 || service.freeAmount, 'a service needs an option or a free amount');
const companySchema = z.object({
  label: z.string().min(1),
  kind: z.string().min(1),
  monogram: z.string().min(1).max(3),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  /** Town and country (the home page groups companies by the country). */
  address: z.string().min(1),
  /**
   * The page's data is a demonstration, not given by the company (every file until a client confirms
   * its page): the page says so, and `npm run check:facts` lists it. Contacts on a reserved name are
   * demo data by definition, so such a file must say `demo: true`.
   */
  demo: z.boolean().default(false),
  // Contacts are shown as they are, and linked only when real: demo data must use a reserved name (RFC
  // 2606/6761, tests/reserved-domains.test.ts), which is never a link; a value nobody gave is left out.
  email: z.email().optional(),
  phone: z.string().min(5).optional(),
  registration: z.string().min(1).optional(),
  website: z.url().optional(),
  /** When the company's texts or prices last changed (DD.MM.YYYY): the sitemap's lastmod. */
  updated_at: contentDate,
  description: translated,
  services: z.array(serviceSchema).min(1),
}).refine((company) => company.demo || ![company.email, company.website].some(isDemoContact), 'contacts on a reserved name are demo data: add demo: true');

export type CompanyOption = z.infer<typeof optionSchema>;
export type CompanyService = z.infer<typeof serviceSchema>;
/** `country`: the edition country of the address's last part (null: a country the site has no edition for). */
export type Company = z.infer<typeof companySchema> & { slug: CompanySlug; country: CountryCode | null };

/** A contact under a name reserved for examples (RFC 2606/6761): it reaches nobody, so it is shown but never linked. */
export function isDemoContact(contact: string | undefined): boolean {
  if (!contact) return false;
  const host = (contact.includes('@') ? contact.split('@')[1]! : URL.parse(contact)?.hostname ?? contact).toLowerCase().replace(/\.$/, '');
  return isReservedHost(host);
}

/** The edition country a company is in: the last part of its address ("…, Limassol, Cyprus"), the one place it is derived. */
export function countryOfAddress(address: string): CountryCode | null {
  return countryByName(address.split(',').at(-1) ?? '');
}

type Catalogue = { companies: readonly Company[]; bySlug: ReadonlyMap<string, Company>; byCountry: ReadonlyMap<CountryCode, readonly Company[]> };

/**
 * Every file of `companies/` in the content root, read and checked once per process (the list is the
 * folder: no slug is written anywhere else), sorted by slug, with its lookups built once.
 */
function loadCatalogue(): Catalogue {
  const dir = path.join(contentRoot(), 'companies');
  const files = fs.readdirSync(dir).filter((name) => SLUG_FILE.test(name)).sort();
  if (files.length > COMPANIES_MAX) throw new Error(`${dir}: ${files.length} companies, more than COMPANIES_MAX (${COMPANIES_MAX}, lib/limits.ts)`);
  const companies = files.map((name): Company => {
    const file = path.join(dir, name);
    const parsed = companySchema.safeParse(parseYaml(fs.readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file}:\n${z.prettifyError(parsed.error)}`);
    return { ...parsed.data, slug: SLUG_FILE.exec(name)![1]!, country: countryOfAddress(parsed.data.address) };
  });
  const byCountry = new Map<CountryCode, Company[]>();
  for (const company of companies) if (company.country) byCountry.set(company.country, [...(byCountry.get(company.country) ?? []), company]);
  return { companies, bySlug: new Map(companies.map((company) => [company.slug, company])), byCountry };
}

/** Read once per process and content root, shared by every bundle of Next (lib/handoff.ts) rather than once in each. */
const catalogues = processValue('company-catalogue', () => new Map<string, Catalogue>());
const loaded = (): Catalogue => {
  const root = contentRoot();
  let catalogue = catalogues.get(root);
  if (!catalogue) catalogues.set(root, (catalogue = loadCatalogue()));
  return catalogue;
};

/** Every company's slug, in slug order. */
export function companySlugs(): readonly CompanySlug[] {
  return loaded().companies.map((company) => company.slug);
}

/** One empty list for every country without clients: the same object each time, so what is derived from it is derived once. */
const NO_COMPANIES: readonly Company[] = Object.freeze([]);

/** The companies of one edition country, in slug order (a company is listed and served only in its own country's editions). */
export function companiesIn(country: CountryCode): readonly Company[] {
  return loaded().byCountry.get(country) ?? NO_COMPANIES;
}

export function isCompanySlug(value: string): value is CompanySlug {
  return loaded().bySlug.has(value);
}

/**
 * What the companies have not given yet, for `npm run check:facts`: every demo page, and every price
 * kept "to be confirmed" (a page the specification gives no amount for keeps a few so that it has
 * something to pay).
 */
export function openCompanyData(): { path: string; kind: 'demo data' | 'to be confirmed'; value: string }[] {
  return companySlugs().flatMap((slug) => {
    const company = getCompany(slug)!;
    const prices = company.services.flatMap((service) =>
      service.options.filter((option) => option.toConfirm).map((option) => ({
        path: `companies.${slug}.${service.id}.${option.id}`,
        kind: 'to be confirmed' as const,
        value: String(option.price / 100),
      })),
    );
    return [...(company.demo ? [{ path: `companies.${slug}`, kind: 'demo data' as const, value: company.label }] : []), ...prices];
  });
}

/** A company's catalogue (read once per process); null for a slug that has no file. */
export function getCompany(slug: string): Company | null {
  return loaded().bySlug.get(slug) ?? null;
}
