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

  it('puts the fonts and the base first and the shared building blocks before every feature, so that features refine them', () => {
    // CSS modules of equal specificity: the later file wins. A building block (components/ui/) listed
    // after a feature would undo that feature's refinements of it; the order among features is free.
    expect(listed.slice(0, 2)).toEqual(['components/layout/Fonts.module.css', 'components/layout/Base.module.css']);
    const blocks = listed.flatMap((file, i) => (file!.startsWith('components/ui/') ? [i] : []));
    const features = listed.flatMap((file, i) => (i >= 2 && !file!.startsWith('components/ui/') ? [i] : []));
    expect(blocks.length).toBeGreaterThan(0);
    expect(Math.max(...blocks), 'last building block before the first feature').toBeLessThan(Math.min(...features));
  });
});
