import { describe, expect, it } from 'vitest';
import { formatContentDate, isoDate, readTime, wordCount } from '@/lib/content/format';
import { contentDate } from '@/lib/content/schemas';
import { cleanQuery, matches, normalizeText } from '@/lib/content/search';

describe('content dates', () => {
  it('accepts DD.MM.YYYY calendar dates only', () => {
    expect(contentDate.safeParse('05.03.2026').success).toBe(true);
    expect(contentDate.safeParse('29.02.2028').success).toBe(true);
    for (const bad of ['31.02.2026', '2026-03-05', '5.3.2026', '00.01.2026', '01.13.2026', '']) {
      expect(contentDate.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('converts to ISO for <time>', () => {
    expect(isoDate('05.03.2026')).toBe('2026-03-05');
  });

  it("shows the date in the edition's own pattern", () => {
    expect(formatContentDate('05.03.2026', 'en-LV')).toBe('5 March 2026');
    expect(formatContentDate('27.10.2026', 'lv-LV')).toBe('2026. gada 27. oktobris');
    expect(formatContentDate('27.10.2026', 'ru-EE')).toBe('27 октября 2026');
    expect(formatContentDate('27.10.2026', 'ru-LV')).toBe('27 октября 2026');
    expect(formatContentDate('27.10.2026', 'et-EE')).toBe('27. oktoober 2026');
    expect(formatContentDate('27.10.2026', 'el-CY')).toBe('27 Οκτωβρίου 2026');
    expect(formatContentDate('31.12.2025', 'en-CY')).toBe('31 December 2025');
  });
});

describe('read time', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

  it('counts words of HTML, not tags or entities', () => {
    expect(wordCount('<p>One <strong>two</strong>&nbsp;three</p><ul><li>four</li></ul>')).toBe(4);
    expect(wordCount('<p> — </p>')).toBe(0);
  });

  it('is word count / 15, rounded up, at least 1 minute', () => {
    expect(readTime('')).toBe(1);
    expect(readTime(words(1))).toBe(1);
    expect(readTime(words(15))).toBe(1);
    expect(readTime(words(16))).toBe(2);
    expect(readTime(`<p>${words(450)}</p>`)).toBe(30);
    expect(readTime(words(451))).toBe(31);
  });
});

describe('search', () => {
  it('ignores case and accents in every script', () => {
    expect(normalizeText('Ā Č Ē ķ ŠŽ')).toBe('a c e k sz');
    expect(normalizeText('ΠΛΗΡΩΜΉ Λογαριασμός')).toBe('πληρωμη λογαριασμοσ');
    expect(normalizeText('Счёт  Й')).toBe('счет и');
    expect(normalizeText('Õun Ärk')).toBe('oun ark');
  });

  it('matches when every word occurs somewhere in the fields', () => {
    const fields = ['Pievienot vai atjaunināt karti', '<p>Kā <strong>maksāt</strong> ar karti</p>'];
    expect(matches('KARTI', fields)).toBe(true);
    expect(matches('karti maksat', fields)).toBe(true);
    expect(matches('karti skaitītājs', fields)).toBe(false);
    expect(matches('', fields)).toBe(true);
    expect(matches('strong', fields)).toBe(false); // markup is not text
    expect(matches('πληρωμή', ['Πληρωμή λογαριασμού'])).toBe(true);
    expect(matches('ΠΛΗΡΩΜΗ', ['Πληρωμή λογαριασμού'])).toBe(true);
  });

  it('trims and limits queries', () => {
    expect(cleanQuery('  card ')).toBe('card');
    expect(cleanQuery(null)).toBe('');
    expect(cleanQuery('x'.repeat(500))).toHaveLength(100);
  });
});
