import { execFileSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { csvCell, printable, printableJson } from '../scripts/cli-text';

const dataDir = await vi.hoisted(async () => (await import('./support/temp-env')).tempEnv());

import { createPayment } from '@/lib/payments/store';
import { insertSubmission } from '@/lib/submissions/store';

const cli = (...args: string[]) => execFileSync('node', ['--import', 'tsx', 'scripts/submissions.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir } }).toString();

describe('the operator CLI and what visitors typed', () => {
  // Stored directly: the forms refuse these characters now (lib/forms/schemas.ts), but rows stored
  // before that, or through another door, must still print safely.
  const hostile = 'Eve\u001b]0;PWNED\u0007\u001b[2J\r\u0085\u009b\u202e\u2067\u061c\u200b';
  const seed = async () => {
    await insertSubmission({
      kind: 'ask-question',
      locale: 'lv-LV',
      idempotencyKey: 'cli-hostile-0001',
      data: { name: hostile, email: 'eve@example.lv', message: 'hi\n2026-01-01T00:00:00.000Z  ask-question     lv-LV  forged  stored\u202e' },
      attachment: null,
      client: 'x',
      retainUntil: new Date(Date.now() + 86_400_000).toISOString(),
      outbox: [],
    });
    await createPayment({ idempotencyKey: 'cli-hostile-pay-1', company: 'ucity', service: 's', option: 'o', quantity: 1, months: 1, amountCents: 100, feeCents: 0, payerName: hostile, payerEmail: 'eve@example.lv', reference: hostile, locale: 'lv-LV', provider: 'test' });
  };
  /** Any character a terminal would act on or reorder by: C0 but \n, DEL, C1, bidi and format characters. */
  const RAW = /[\0-\x09\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069]/u;

  it('shows every non-printable character escaped in every output: list, --json, --csv, payments (issue 28, defect 7)', async () => {
    await seed();
    for (const args of [['list'], ['list', '--json'], ['list', '--csv'], ['export'], ['payments'], ['payments', '--json'], ['payments', '--csv']]) {
      const out = cli(...args);
      expect(RAW.test(out), args.join(' ')).toBe(false);
      expect(out, args.join(' ')).toContain('Eve');
    }
    const list = cli('list');
    expect(list).toContain('Eve\\x1b]0;PWNED\\x07\\x1b[2J\\r\\x85\\x9b\\u202e\\u2067\\u061c\\u200b');
    expect(list.split('\n').filter((line) => line.includes('forged'))).toHaveLength(1);
    expect(list).toContain('hi\\n2026-01-01');
    expect(cli('list', '--csv').split('\n').filter((line) => line.includes('forged'))).toHaveLength(1);
    // The JSON still reads back as the stored text.
    const rows = JSON.parse(cli('list', '--json')) as { name: string }[];
    expect(rows.find((row) => row.name.startsWith('Eve'))!.name).toBe(hostile);
  }, 120_000); // eight CLI runs, each a Node start with tsx: about 10 s on a quiet machine

  it('neutralizes spreadsheet formulas, the ; separator and the fullwidth forms too', () => {
    for (const cell of ['=cmd|calc', '+1', '-2', '@SUM(A1)', ';=cmd', '\t=1', '\r=1', '＝cmd', '＋1', '－1', '＠x', '；=1']) {
      expect(csvCell(cell), JSON.stringify(cell)).toMatch(/^"?'/);
    }
    expect(csvCell('Anna; Bērziņa')).toBe('"Anna; Bērziņa"');
    expect(csvCell('plain')).toBe('plain');
    expect(printable('a\u0007b\u2028c')).toBe('a\\x07b\\u2028c');
    expect(csvCell('a\nb\u001b')).toBe('a\\nb\\x1b');
    expect(JSON.parse(printableJson({ v: 'a\u0085\u202e\u{E0001}' }))).toEqual({ v: 'a\u0085\u202e\u{E0001}' });
    expect(printableJson({ v: 'a\u0085\u202e' })).not.toMatch(/[\u0085\u202e]/);
  });
});
