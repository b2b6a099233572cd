import compile from 'icu-minify/compile';
import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { translator } from '@/lib/i18n/format-message';
import type { Locale } from '@/lib/i18n/editions';

/**
 * Read time and counts go through ICU plurals with each language's own categories: Russian one/few/many
 * (1 минута, 2 минуты, 5 минут, 21 минута), Latvian zero/one/other (11 minūtes, 21 minūte), Estonian,
 * Greek and English one/other.
 */
const cases: Record<string, { locale: Locale; readTime: [number, string][]; months: [number, string][] }> = {
  en: { locale: 'en-LV', readTime: [[1, '1 min read'], [5, '5 min read']], months: [[1, '1 month'], [12, '12 months']] },
  lv: {
    locale: 'lv-LV',
    readTime: [[1, '1 minūte'], [5, '5 minūtes'], [11, '11 minūtes'], [21, '21 minūte']],
    months: [[1, '1 mēnesis'], [3, '3 mēneši'], [10, '10 mēneši'], [21, '21 mēnesis']],
  },
  ru: {
    locale: 'ru-LV',
    readTime: [[1, '1 минута'], [2, '2 минуты'], [5, '5 минут'], [11, '11 минут'], [21, '21 минута'], [24, '24 минуты']],
    months: [[1, '1 месяц'], [3, '3 месяца'], [12, '12 месяцев'], [21, '21 месяц']],
  },
  et: { locale: 'et-EE', readTime: [[1, 'Lugemisaeg 1 min'], [5, 'Lugemisaeg 5 min']], months: [[1, '1 kuu'], [6, '6 kuud']] },
  el: { locale: 'el-CY', readTime: [[1, '1 λεπτό'], [5, '5 λεπτά']], months: [[1, '1 μήνας'], [6, '6 μήνες']] },
};

describe.each(Object.entries(cases))('%s plurals', (lang, { locale, readTime, months }) => {
  it('reads the read time and the months with the right form of the noun', async () => {
    const messages = (await import(`../messages/${lang}.json`)).default;
    const t = createTranslator({ locale, messages });
    const island = translator({ readTime: compile(messages.Blog.readTime) }, locale);
    for (const [minutes, expected] of readTime) {
      expect(t('Blog.readTime', { minutes })).toContain(expected);
      expect(island('readTime', { minutes })).toBe(t('Blog.readTime', { minutes }));
    }
    for (const [count, expected] of months) expect(t('Payments.months', { months: count })).toContain(expected);
  });
});

/**
 * The home page's figures: the number is drawn apart from its label, so the label carries the plural
 * form the number asks for (Russian 180 компаний, 181 компания, 182 компании; Latvian 180 uzņēmumi,
 * 181 uzņēmums), whatever figure a country publishes.
 */
const stats: Record<string, { locale: Locale; companies: [number, string][] }> = {
  en: { locale: 'en-LV', companies: [[1, 'company sends'], [180, 'companies send']] },
  lv: { locale: 'lv-LV', companies: [[180, 'uzņēmumi sūta'], [181, 'uzņēmums sūta'], [111, 'uzņēmumi sūta']] },
  ru: { locale: 'ru-LV', companies: [[180, 'компаний отправляют'], [181, 'компания отправляет'], [182, 'компании отправляют'], [111, 'компаний отправляют']] },
  et: { locale: 'et-EE', companies: [[1, 'ettevõte saadab'], [180, 'ettevõtet saadab']] },
  el: { locale: 'el-CY', companies: [[1, 'εταιρεία στέλνει'], [180, 'εταιρείες στέλνουν']] },
};

describe.each(Object.entries(stats))('%s home figures', (lang, { locale, companies }) => {
  it('agree with their number', async () => {
    const messages = (await import(`../messages/${lang}.json`)).default;
    const t = createTranslator({ locale, messages });
    for (const [count, expected] of companies) expect(t('Home.statCompanies', { count })).toContain(expected);
    expect(t('Home.statUsers', { count: 100_000 })).not.toMatch(/[{}]/);
  });
});
