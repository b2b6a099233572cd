import { contentLanguage, type Locale } from '@/lib/i18n/editions';
import { numberFormat } from '@/lib/i18n/intl-cache';
import { backupDays, editionEntity, facts, factText, officesIn, replyDays } from './facts';
import { placeName as place } from './offices';
import { presentationSize } from './presentation';

/**
 * Content (legal pages, contacts, vacancies) names a fact as `{{facts.<key>}}` instead of writing it,
 * so a page never states a value the facts do not hold. The tokens are replaced per edition, after the
 * HTML is sanitized: the entity is the edition's country's, numbers in the edition's format, a
 * placeholder as its bracketed marker. A token alone in a paragraph may stand for a block (`offices`).
 */

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const mailto = (address: string) => `<a href="mailto:${escape(address)}">${escape(address)}</a>`;

const made = new Map<Locale, Record<string, string>>();

/** The value of every token in one edition, as HTML (made once: the facts do not change while the server runs). */
function tokens(locale: Locale): Record<string, string> {
  let values = made.get(locale);
  if (!values) made.set(locale, (values = makeTokens(locale)));
  return values;
}

function makeTokens(locale: Locale): Record<string, string> {
  const lang = contentLanguage(locale);
  const entity = editionEntity(locale);
  const number = (value: number) => numberFormat(locale).format(value);
  const offices = officesIn(lang).map((o) => escape(place(locale, o.region, o.city)));
  const merchant = facts.merchantLocation;
  const city = factText(merchant.city, lang);
  const hours = factText(facts.support.hours, lang);
  return {
    'entity.legalName': escape(entity.legalName.text),
    'entity.registrationNumber': escape(entity.registrationNumber.text),
    'entity.vatNumber': escape(entity.vatNumber.text),
    'entity.address': escape(entity.address.text),
    ...Object.fromEntries(Object.entries(facts.email).map(([key, address]) => [`email.${key}`, mailto(address)])),
    'support.hours': escape(hours.text),
    'replyWorkingDays.question': number(replyDays.question),
    'replyWorkingDays.business': number(replyDays.business),
    backupDays: number(backupDays),
    'paymentProvider.name': escape(factText(facts.paymentProvider.name, lang).text),
    merchantLocation: escape(place(locale, merchant.region, city.known ? city.text : null)),
    'offices.count': number(offices.length),
    offices: offices.join(', '),
    'presentation.size': escape(presentationSize(locale)),
  };
}

const blockTokens = (locale: Locale): Record<string, string> => ({
  offices: `<ul>${officesIn(contentLanguage(locale))
    .map((o) => `<li>${escape(place(locale, o.region, o.city))}</li>`)
    .join('')}</ul>`,
});

/** The token names content may use (tests check every token in content/ against this list). */
export const factTokenNames = (): string[] => Object.keys(tokens('en-LV'));

const TOKEN = /\{\{\s*facts\.([A-Za-z.]+)\s*\}\}/g;

/** Content HTML with its fact tokens replaced for one edition; an unknown token is left as written. */
export function renderFacts(html: string, locale: Locale): string {
  if (!html.includes('{{')) return html;
  const values = tokens(locale);
  const blocks = blockTokens(locale);
  return html
    .replace(/<p>\s*\{\{\s*facts\.([A-Za-z.]+)\s*\}\}\s*<\/p>/g, (whole, key: string) => blocks[key] ?? whole)
    .replace(TOKEN, (whole, key: string) => values[key] ?? whole);
}
