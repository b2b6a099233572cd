import { describe, expect, it } from 'vitest';
import { localContent } from '@/lib/content/local';
import { vacancyFacts } from '@/lib/facts/facts';
import { languages } from '@/lib/i18n/editions';

/**
 * A job ad is a promise to applicants, so it states only what the facts hold (issue 41): the place of
 * work is the employing entity's country (content/facts.yaml keeps the offices' cities unknown), and
 * pay and benefits come from the facts or are left out. The words below are the ones the ads used to
 * invent: an office city, a bonus, a learning budget.
 */
const invented: Record<(typeof languages)[number], RegExp> = {
  en: /\b(?:riga|limassol|tallinn|bonus|budget)\b/i,
  lv: /(?:rīg|limasol|tallin|prēmij|budžet)/i,
  ru: /(?:риг[аеиу]\b|лимасол|таллин|бонус|бюджет)/i,
  et: /(?:\briia\b|limassol|tallinn|tulemustasu|eelarve)/i,
  el: /(?:ρίγα|λεμεσ|ταλίν|μπόνους|προϋπολογισμ)/i,
};

describe('job ads', () => {
  it.each(languages)('%s: each ad is located in its employer\'s country, named in the ad\'s language', (lang) => {
    const regions = new Intl.DisplayNames(lang, { type: 'region' });
    for (const vacancy of localContent(lang).vacancies) {
      const country = vacancyFacts(vacancy.slug)?.country;
      expect(country, vacancy.slug).toBeDefined();
      expect(vacancy.location, vacancy.slug).toBe(regions.of(country!.toUpperCase()));
    }
  });

  it.each(languages)('%s: no ad names an office city, a bonus or a learning budget', (lang) => {
    for (const vacancy of localContent(lang).vacancies) {
      const text = [vacancy.title, vacancy.summary, vacancy.location, ...vacancy.requirements, ...vacancy.offer, vacancy.text].join('\n');
      expect(text.match(invented[lang])?.[0], vacancy.slug).toBeUndefined();
    }
  });
});
