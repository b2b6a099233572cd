import { execFileSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { csvCell, printable } from '../scripts/cli-text';

const dataDir = await vi.hoisted(async () => (await import('./support/temp-env')).tempEnv());

import { submitForm } from '@/lib/submissions/service';

const cli = (...args: string[]) => execFileSync('node', ['--import', 'tsx', 'scripts/submissions.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir } }).toString();

describe('the operator CLI and what visitors typed', () => {
  it('shows control characters escaped: no terminal escape runs, no forged record line', async () => {
    await submitForm({
      kind: 'ask-question',
      locale: 'lv-LV',
      idempotencyKey: 'cli-hostile-0001',
      fields: { name: 'Eve\u001b[2J\u001b[31m', email: 'eve@example.lv', message: 'hi\n2026-01-01T00:00:00.000Z  ask-question     lv-LV  forged  stored\u202e' },
      clientAddress: '198.51.100.40',
    });
    const out = cli('list');
    expect(out).not.toContain('\u001b');
    expect(out).not.toContain('\u202e');
    expect(out).toContain('Eve\\x1b[2J\\x1b[31m');
    expect(out.split('\n').filter((line) => line.includes('forged'))).toHaveLength(1);
    expect(out).toContain('hi\\n2026-01-01');
  });

  it('neutralizes spreadsheet formulas, the ; separator and the fullwidth forms too', () => {
    for (const cell of ['=cmd|calc', '+1', '-2', '@SUM(A1)', ';=cmd', '\t=1', '\r=1', '＝cmd', '＋1', '－1', '＠x', '；=1']) {
      expect(csvCell(cell), JSON.stringify(cell)).toMatch(/^"?'/);
    }
    expect(csvCell('Anna; Bērziņa')).toBe('"Anna; Bērziņa"');
    expect(csvCell('plain')).toBe('plain');
    expect(printable('a\u0007b\u2028c')).toBe('a\\x07b\\u2028c');
  });
});
