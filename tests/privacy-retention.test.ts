import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { languages } from '@/lib/i18n/editions';

/**
 * The privacy policy's retention table states the periods lib/privacy applies (the RETENTION_* settings
 * and their defaults in lib/env.ts): a change on one side without the other fails here, in every
 * language. Payments are stated in years (84 months: "7 years").
 */

/** The numbers of each row's last cell in the policy's last table (the retention table). */
function retentionRows(markdown: string): number[][] {
  const table = markdown.split('\n').reduce<string[][]>((tables, line, i, lines) => {
    if (line.startsWith('|') && !lines[i - 1]?.startsWith('|')) tables.push([]);
    if (line.startsWith('|')) tables.at(-1)!.push(line);
    return tables;
  }, []).at(-1);
  expect(table, 'a retention table').toBeDefined();
  return table!
    .slice(2) // header and separator
    .map((row) => row.split('|').filter((cell) => cell.trim()).at(-1)!)
    .map((cell) => [...cell.matchAll(/\d+/g)].map((m) => Number(m[0])));
}

describe('privacy policy retention periods', () => {
  it('agree with the settings in every language', () => {
    expect(env.RETENTION_PAYMENTS_MONTHS % 12, 'payments are stated in whole years').toBe(0);
    const expected = [
      [env.RETENTION_QUESTIONS_MONTHS],
      [env.RETENTION_APPLICATIONS_MONTHS, env.RETENTION_APPLICATIONS_KEPT_MONTHS],
      [env.RETENTION_PAYMENTS_MONTHS / 12],
      [env.RETENTION_MAIL_DAYS],
      [env.RETENTION_CLIENT_HOURS],
    ];
    for (const lang of languages) {
      expect(retentionRows(fs.readFileSync(`content/pages/${lang}/privacy-policy.md`, 'utf8')), lang).toEqual(expected);
    }
  });
});
