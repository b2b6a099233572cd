import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const modules = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return modules(file);
    return entry.name.endsWith('.module.css') ? [file] : [];
  });

describe('one stylesheet for the whole site (app/styles.ts)', () => {
  const listed = [...fs.readFileSync('app/styles.ts', 'utf8').matchAll(/^import '@\/(.+)';$/gm)].map((m) => m[1]);

  it('imports every CSS module of the components and pages, once', () => {
    const all = [...modules('components'), ...modules('app')];
    expect([...listed].sort()).toEqual(all.sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('puts the fonts, the base and the shared building blocks first, so that components refine them', () => {
    expect(listed.slice(0, 5)).toEqual([
      'components/layout/Fonts.module.css',
      'components/layout/Base.module.css',
      'components/ui/Container.module.css',
      'components/ui/Button.module.css',
      'components/ui/Card.module.css',
    ]);
  });
});
