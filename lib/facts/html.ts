import { contentLanguage, countries, countryCodes, editionOf, type Locale } from '@/lib/i18n/editions';
import { numberFormat } from '@/lib/i18n/intl-cache';
import { backupDays, editionEntity, emails, entityPhrase, facts, factText, officesIn, pendingWord, replyDays, statsOf, type FactText } from './facts';
import { placeName as place } from './offices';
import { presentationSize } from './presentation';

/**
 * Content (legal pages, contacts, vacancies) names a fact as `{{facts.<key>}}` instead of writing it,
 * so a page never states a value the facts do not hold. The tokens are replaced per edition, after the
 * HTML is sanitized: the entity is the edition's country's, numbers in the edition's format. A
 * placeholder shows once as a styled mark, "registration number: to be published" (class fact-pending,
 * components/layout/Base.module.css); `{{facts.entity}}` is the entity's details as one phrase, or one
 * mark "to be published" (its sentence says what is to be published). A sentence that only carries a fact is written as a section,
 * `{{#facts.support.hours}}Support hours: {{facts.support.hours}}.{{/facts.support.hours}}`, and left
 * out while the fact is unknown. A token alone in a paragraph may stand for a block (`offices`).
 */

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const mailto = (address: string) => `<a href="mailto:${escape(address)}">${escape(address)}</a>`;

/** An unknown fact's mark: visibly not a value, read as "<label>: to be published" by every reader. */
export const pendingHtml = (text: string) => `<span class="fact-pending">${escape(text)}</span>`;
const factHtml = (fact: FactText) => (fact.known ? escape(fact.text) : pendingHtml(fact.text));

type Tokens = { values: Record<string, string>; unknown: Set<string> };
const made = new Map<Locale, Tokens>();

/** The value of every token in one edition, as HTML (made once: the facts do not change while the server runs). */
function tokens(locale: Locale): Tokens {
  let values = made.get(locale);
  if (!values) made.set(locale, (values = makeTokens(locale)));
  return values;
}

function makeTokens(locale: Locale): Tokens {
  const lang = contentLanguage(locale);
  const entity = editionEntity(locale);
  const number = (value: number) => numberFormat(locale).format(value);
  const offices = officesIn(lang).map((o) => escape(place(locale, o.region, o.city)));
  const merchant = facts.merchantLocation;
  const city = factText(merchant.city, lang);
  const hours = factText(facts.support.hours, lang);
  const provider = factText(facts.paymentProvider.name, lang);
  const phrase = entityPhrase(editionOf(locale).country, lang);
  const unknown = new Set<string>();
  const fact = (key: string, value: FactText) => {
    if (!value.known) unknown.add(key);
    return factHtml(value);
  };
  if (!phrase) unknown.add('entity');
  const values: Record<string, string> = {
    // The sentence names the details ("Company details of this edition: …"): the mark says only "to be published".
    entity: phrase ? escape(phrase) : pendingHtml(pendingWord(lang)),
    'entity.legalName': fact('entity.legalName', entity.legalName),
    'entity.registrationNumber': fact('entity.registrationNumber', entity.registrationNumber),
    'entity.vatNumber': fact('entity.vatNumber', entity.vatNumber),
    'entity.address': fact('entity.address', entity.address),
    ...Object.fromEntries(Object.entries(emails).map(([key, address]) => [`email.${key}`, mailto(address)])),
    'support.hours': fact('support.hours', hours),
    'replyWorkingDays.question': number(replyDays.question),
    'replyWorkingDays.business': number(replyDays.business),
    backupDays: number(backupDays),
    'paymentProvider.name': fact('paymentProvider.name', provider),
    merchantLocation: escape(place(locale, merchant.region, city.known ? city.text : null)),
    'offices.count': number(offices.length),
    offices: offices.join(', '),
    'presentation.size': escape(presentationSize(locale)),
    // The published figures (home and about pages say the same): stats.lv.companies, stats.lv.users.
    ...Object.fromEntries(
      countryCodes.flatMap((country) => {
        const stats = statsOf(country);
        return stats ? [[`stats.${country}.companies`, number(stats.companies)], [`stats.${country}.users`, number(stats.users)]] : [];
      }),
    ),
  };
  return { values, unknown };
}

/** The supervisory authorities, the edition's own country first (GDPR art. 13(2)(d)). */
function authorities(locale: Locale): string {
  const own = editionOf(locale).country;
  const lang = contentLanguage(locale);
  const order = countries.toSorted((a, b) => Number(b.code === own) - Number(a.code === own));
  return `<ul>${order
    .map(({ code, region }) => {
      const { name, url } = facts.supervisoryAuthorities[code];
      const host = new URL(url).host;
      return `<li><strong>${escape(place(locale, region, null))}:</strong> ${escape(name[lang])}, <a href="${escape(url)}">${escape(host)}</a></li>`;
    })
    .join('')}</ul>`;
}

const blockTokens = (locale: Locale): Record<string, string> => ({
  supervisoryAuthorities: authorities(locale),
  offices: `<ul>${officesIn(contentLanguage(locale))
    .map((o) => `<li>${escape(place(locale, o.region, o.city))}</li>`)
    .join('')}</ul>`,
});

/** The token names content may use (tests check every token in content/ against this list). */
export const factTokenNames = (): string[] => [...Object.keys(tokens('en-LV').values), ...Object.keys(blockTokens('en-LV'))];

/** `{{#facts.x}}…{{/facts.x}}`: kept while facts.x is known, left out while it is not. */
const SECTION = /\{\{#facts\.([A-Za-z.]+)\}\}([\s\S]*?)\{\{\/facts\.\1\}\}/g;
const TOKEN = /\{\{\s*facts\.([A-Za-z.]+)\s*\}\}/g;

/** Content HTML with its fact tokens replaced for one edition; an unknown token is left as written. */
export function renderFacts(html: string, locale: Locale): string {
  if (!html.includes('{{')) return html;
  const { values, unknown } = tokens(locale);
  const blocks = blockTokens(locale);
  return html
    .replace(SECTION, (whole, key: string, inner: string) => (key in values ? (unknown.has(key) ? '' : inner) : whole))
    .replace(/<p>\s*\{\{\s*facts\.([A-Za-z.]+)\s*\}\}\s*<\/p>/g, (whole, key: string) => blocks[key] ?? whole)
    .replace(TOKEN, (whole, key: string) => values[key] ?? whole);
}
