import fs from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { FACTS_FILE } from './file.ts';
import { contentLanguage, countryCodes, editionOf, languages, type CountryCode, type Language, type Locale } from '../i18n/editions.ts';

/**
 * Billme's company facts (content/facts.yaml): the operating entities, contacts, reply times, offices,
 * the payment provider, job ads' pay. Every page, mail and JSON-LD object that states one reads it here,
 * so a fact is changed in one place and never invented: a value nobody gave is a placeholder, shown as
 * a marker or left out. Also loaded by plain Node (lib/env.ts at server start): relative imports carry `.ts`. Formatting for HTML content is in html.ts.
 */

/** A value nobody has given yet; `optional`: the site reads well without it, so publication does not wait for it. */
const placeholderSchema = z.object({ placeholder: z.string().min(1), optional: z.literal(true).optional() }).strict();
/** A value the project assumed: used as given, and listed by `npm run check:facts` until confirmed. */
const assumed = <T extends z.ZodType>(value: T) => z.object({ value, confirm: z.literal(true) }).strict();
const translated = z.object(Object.fromEntries(languages.map((l) => [l, z.string().min(1)])) as Record<Language, z.ZodString>).strict();
const text = z.union([z.string().min(1), placeholderSchema]);
const localized = z.union([translated, placeholderSchema]);
const number = z.union([z.number().int().positive(), assumed(z.number().int().positive())]);
const region = z.string().regex(/^[A-Z]{2}$/);
const country = z.enum(countryCodes);
/** An object with one `shape` per country of the editions table, and no other key. */
const perCountry = <T extends z.ZodType>(shape: T) => z.object(Object.fromEntries(countryCodes.map((c) => [c, shape])) as Record<CountryCode, T>).strict();

const assumedText = z.union([z.string().min(1), assumed(z.string().min(1))]);
const figure = z.union([z.number().int().nonnegative(), assumed(z.number().int().nonnegative())]);

const money = z.number().positive().multipleOf(0.01);
const optionalFact = <T extends z.ZodType>(value: T) => z.union([value, placeholderSchema]);
const business = z
  .object({
    payoutDays: optionalFact(z.number().int().positive()),
    integrations: optionalFact(z.array(z.string().min(1)).min(1)),
    fees: z.object({ perCompanyMonthly: optionalFact(money), perInvoice: optionalFact(money), exampleInvoices: z.number().int().positive() }).strict(),
    logos: optionalFact(z.array(z.object({ name: z.string().min(1), src: z.string().regex(/^\/images\/clients\/[a-z0-9-]+\.(svg|png|webp)$/) }).strict()).min(1)),
    quote: optionalFact(z.object({ text: translated, name: z.string().min(1), role: translated, company: z.string().min(1) }).strict()),
  })
  .strict();

const entity = z.object({ legalName: text, registrationNumber: text, vatNumber: text, address: text }).strict();
const range = z.object({ min: z.number().int().positive(), max: z.number().int().positive() }).refine((r) => r.min <= r.max, 'min above max');

const factsSchema = z
  .object({
    entities: perCountry(entity),
    domain: assumedText,
    email: z.object(Object.fromEntries(['support', 'business', 'info', 'careers', 'privacy'].map((k) => [k, z.string().regex(/^[a-z0-9][a-z0-9.+-]*$/)])) as Record<'support' | 'business' | 'info' | 'careers' | 'privacy', z.ZodString>).strict(),
    apps: z.object({ appStore: assumedText, googlePlay: assumedText }).strict(),
    stats: perCountry(z.object({ companies: figure, users: figure }).strict().optional()),
    decisions: z.record(z.string(), assumedText),
    support: z.object({ hours: z.union([text, translated]) }).strict(),
    replyWorkingDays: z.object({ question: number, business: number }).strict(),
    replyApplicationWeeks: number,
    backupDays: number,
    paymentProvider: z.object({ name: text, certification: text }).strict(),
    merchantLocation: z.object({ region, city: localized }).strict(),
    supervisoryAuthorities: perCountry(z.object({ name: translated, url: z.url({ protocol: /^https$/ }) }).strict()),
    offices: z.array(z.object({ region, city: localized }).strict()).min(1),
    business,
    vacancies: z.record(z.string(), z.object({ country, salary: z.union([range, placeholderSchema]) }).strict()),
    markers: z.record(z.string(), translated),
  })
  .strict();

type RawFacts = z.infer<typeof factsSchema>;
export type BusinessFacts = z.infer<typeof business>;
type Placeholder = z.infer<typeof placeholderSchema>;

export { FACTS_FILE };

function load(): RawFacts {
  const parsed = factsSchema.safeParse(parseYaml(fs.readFileSync(/*turbopackIgnore: true*/ FACTS_FILE, 'utf8')));
  if (!parsed.success) throw new Error(`${FACTS_FILE}:\n${z.prettifyError(parsed.error)}`);
  for (const value of walk(parsed.data)) {
    if (isPlaceholder(value.value) && !parsed.data.markers[value.value.placeholder]) {
      throw new Error(`${FACTS_FILE}: ${value.path} uses the marker "${value.value.placeholder}", which markers: does not translate`);
    }
  }
  return parsed.data;
}

function isPlaceholder(value: unknown): value is Placeholder {
  return typeof value === 'object' && value !== null && 'placeholder' in value;
}
function isAssumed(value: unknown): value is { value: unknown; confirm: true } {
  return typeof value === 'object' && value !== null && 'confirm' in value && 'value' in value;
}

/** Every leaf of the facts with its path (markers excluded: they are labels, not facts). */
function* walk(node: unknown, at = ''): Generator<{ path: string; value: unknown }> {
  if (at === 'markers') return;
  if (isPlaceholder(node) || isAssumed(node) || typeof node !== 'object' || node === null) {
    yield { path: at, value: node };
    return;
  }
  for (const [key, child] of Object.entries(node)) yield* walk(child, at ? `${at}.${key}` : key);
}

export const facts: RawFacts = load();

/** What still needs a real value: placeholders (shown as markers) and assumed values (used as given). */
export type OpenFact = { path: string; kind: 'placeholder' | 'to be confirmed'; value: string; required: boolean };

/**
 * Every open item: placeholders (required unless `optional: true`) and assumed values (the domain, app
 * links, figures, decisions: stated on the site as given, so required to be confirmed before publication).
 */
export function openFacts(): OpenFact[] {
  return [...walk(facts)].flatMap(({ path: at, value }): OpenFact[] => {
    if (isPlaceholder(value)) return [{ path: at, kind: 'placeholder', value: `[${facts.markers[value.placeholder]!.en}]`, required: !value.optional }];
    if (isAssumed(value)) return [{ path: at, kind: 'to be confirmed', value: JSON.stringify(value.value), required: true }];
    return [];
  });
}

/**
 * The production server says this once at start while any fact is still open, and when backups are
 * kept longer than the privacy policy says: each notice one event (`facts.open`, `facts.backup-days`),
 * which the caller writes as one JSON log line.
 */
export function warnAboutOpenFacts(backupKeepDays: number, warn: (event: 'facts.open' | 'facts.backup-days', message: string) => void): void {
  const open = openFacts();
  if (open.length) warn('facts.open', `content/facts.yaml: ${open.length} company facts are placeholders or unconfirmed; npm run check:facts lists them`);
  if (backupKeepDays > factNumber(facts.backupDays)) warn('facts.backup-days', `BACKUP_KEEP_DAYS=${backupKeepDays} keeps backups longer than the ${factNumber(facts.backupDays)} days the privacy policy states (content/facts.yaml backupDays)`);
}

/** A fact as text in a language: the value, or its marker in brackets. */
export type FactText = { text: string; known: boolean };

export function factText(value: string | Placeholder | z.infer<typeof translated>, lang: Language): FactText {
  if (typeof value === 'string') return { text: value, known: true };
  if (isPlaceholder(value)) return { text: pendingText(value.placeholder, lang), known: false };
  return { text: value[lang], known: true };
}

/** A number fact, assumed or confirmed. */
export function factNumber(value: number | { value: number }): number {
  return typeof value === 'number' ? value : value.value;
}

/** The operating entity of a country edition, each field as text (markers for the unknown ones). */
export function entityOf(countryCode: CountryCode, lang: Language) {
  const e = facts.entities[countryCode];
  return {
    legalName: factText(e.legalName, lang),
    registrationNumber: factText(e.registrationNumber, lang),
    vatNumber: factText(e.vatNumber, lang),
    address: factText(e.address, lang),
  };
}

/** The entity of the edition a visitor reads: the controller of what they send there. */
export function editionEntity(locale: Locale) {
  return entityOf(editionOf(locale).country, contentLanguage(locale));
}

export const replyDays = {
  question: factNumber(facts.replyWorkingDays.question),
  business: factNumber(facts.replyWorkingDays.business),
  applicationWeeks: factNumber(facts.replyApplicationWeeks),
};
export const backupDays = factNumber(facts.backupDays);

/** A text fact, assumed or confirmed. */
const factString = (value: string | { value: string }): string => (typeof value === 'string' ? value : value.value);

/** The service's own domain (e-mail addresses, login and mail defaults). */
export const siteDomain = factString(facts.domain);
/** The site's e-mail addresses, each on the service's domain. */
export const emails = Object.fromEntries(Object.entries(facts.email).map(([key, local]) => [key, `${local}@${siteDomain}`])) as Record<keyof RawFacts['email'], string>;
export const supportEmail = emails.support;
/** The apps' store pages. */
export const appLinks = { appStore: factString(facts.apps.appStore), googlePlay: factString(facts.apps.googlePlay) };

/** The figures the site publishes for a country (companies and users), or null where it states none. */
export function statsOf(countryCode: CountryCode): { companies: number; users: number } | null {
  const stats = facts.stats[countryCode];
  return stats ? { companies: factNumber(stats.companies), users: factNumber(stats.users) } : null;
}

/** The offices: region code and the city in a language, or null while the city is a placeholder. */
export function officesIn(lang: Language): { region: string; city: string | null }[] {
  return facts.offices.map((office) => {
    const city = factText(office.city, lang);
    return { region: office.region, city: city.known ? city.text : null };
  });
}

type Salary = { min: number; max: number; currency: 'EUR'; period: 'month' };

/**
 * A vacancy's employer country and gross monthly pay (EUR; undefined while the range is a placeholder),
 * or null for a vacancy the facts lack.
 */
export function vacancyFacts(slug: string): { country: CountryCode; salary: Salary | undefined } | null {
  const entry = facts.vacancies[slug];
  if (!entry) return null;
  return { country: entry.country, salary: isPlaceholder(entry.salary) ? undefined : { ...entry.salary, currency: 'EUR', period: 'month' } };
}

/** "to be published", for a place whose label already says which fact is meant (a job ad's "Employer"). */
export const pendingWord = (lang: Language): string => facts.markers.pending![lang];

/** How an unknown fact reads: its label and "to be published", e.g. "registration number: to be published". */
export function pendingText(marker: string, lang: Language): string {
  return `${facts.markers[marker]![lang]}: ${facts.markers.pending![lang]}`;
}

/** What a job ad shows for a pay range nobody has given yet, under its label "Salary": "to be published". */
export function unknownPayText(lang: Language): string {
  return pendingWord(lang);
}

/** The label of an entity field, for a sentence that names it ("registration number"). */
export const markerLabel = (marker: string, lang: Language): string => facts.markers[marker]![lang];

/**
 * An operating entity's details as one phrase ("Billme SIA, registration number …, VAT number …,
 * registered address: …"), or null while any of them is unknown (the page then says once that the
 * company details are to be published, instead of a marker per field).
 */
export function entityPhrase(countryCode: CountryCode, lang: Language): string | null {
  const e = entityOf(countryCode, lang);
  if (![e.legalName, e.registrationNumber, e.vatNumber, e.address].every((field) => field.known)) return null;
  return `${e.legalName.text}, ${markerLabel('registrationNumber', lang)} ${e.registrationNumber.text}, ${markerLabel('vatNumber', lang)} ${e.vatNumber.text}, ${markerLabel('registeredAddress', lang)}: ${e.address.text}`;
}
