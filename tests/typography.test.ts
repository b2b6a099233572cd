import { describe, expect, it } from 'vitest';
import { keepDash } from '@/components/ui/typography';

describe('keepDash', () => {
  it('glues a spaced dash to the word before it, so a line never starts with it', () => {
    expect(keepDash('Все счета в одном месте. Оплата — за секунды.')).toBe('Все счета в одном месте. Оплата\u00a0— за секунды.');
    expect(keepDash('2020 – 2026')).toBe('2020\u00a0– 2026');
  });
  it('leaves hyphens and unspaced dashes alone', () => {
    expect(keepDash('e-bill, 2020–2026')).toBe('e-bill, 2020–2026');
  });
});
