import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bootEnvKeys } from '@/lib/boot-env.ts';
import { envKeys } from '@/lib/env';

/** Keys Next reads itself (never our code): documented in .env.example all the same. */
const readByNext = ['NEXT_SERVER_ACTIONS_ENCRYPTION_KEY'];

describe('.env.example', () => {
  it('lists exactly the keys the code reads (lib/env.ts, lib/boot-env.ts, Next itself), each with a comment', () => {
    const text = fs.readFileSync('.env.example', 'utf8');
    const listed = [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
    const read = new Set([...envKeys, ...bootEnvKeys, ...readByNext]);
    read.delete('NODE_ENV'); // set by Next and npm, never by an operator
    expect(new Set(listed).size, 'no key twice').toBe(listed.length);
    expect([...listed].sort()).toEqual([...read].sort());
    // Every key is preceded by a comment (directly, or as part of a commented group).
    const lines = text.split('\n');
    for (const key of listed) {
      let i = lines.findIndex((line) => line.startsWith(`${key}=`)) - 1;
      while (i >= 0 && /^[A-Z][A-Z0-9_]*=/.test(lines[i]!)) i--;
      expect(lines[i], `a comment above ${key}`).toMatch(/^#/);
    }
  });
});
