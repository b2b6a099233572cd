import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types
import { buildSprite } from '../scripts/icons/build.mjs';
import { ICON_SPRITE, iconNames } from '@/components/ui/icon-sprite';

const root = path.resolve(__dirname, '..');
const built = buildSprite(fs.readFileSync(path.join(root, 'components/ui/icons.svg'), 'utf8')) as { svg: string; file: string; module: string };

describe('icon sprite', () => {
  it('is current: the served file and the names module are what scripts/icons/build.mjs makes of components/ui/icons.svg', () => {
    expect(fs.readFileSync(path.join(root, 'components/ui/icon-sprite.ts'), 'utf8')).toBe(built.module);
    expect(ICON_SPRITE).toBe(`/icons/${built.file}`);
    expect(fs.readFileSync(path.join(root, 'public', ICON_SPRITE), 'utf8')).toBe(built.svg);
    expect(fs.readdirSync(path.join(root, 'public/icons'))).toEqual([built.file]);
  });

  it('gives every glyph its own stroke (a <use> clones only the symbol) and every symbol a unique name', () => {
    const symbols = [...built.svg.matchAll(/<symbol [^>]*>/g)].map((m) => m[0]);
    expect(symbols).toHaveLength(iconNames.length);
    expect(new Set(iconNames).size).toBe(iconNames.length);
    for (const symbol of symbols.filter((s) => !s.includes('id="billme"'))) {
      expect(symbol).toContain('viewBox="0 0 24 24"');
      expect(symbol).toContain('stroke="currentColor"');
      expect(symbol).toContain('fill="none"');
    }
  });

  it('names only icons the site draws', () => {
    const sources = ['components', 'app']
      .flatMap((dir) => fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.join(root, dir, f)))
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('icon-sprite.ts'))
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    const unused = iconNames.filter((name) => !sources.includes(`'${name}'`) && !sources.includes(`"${name}"`));
    expect(unused).toEqual([]);
  });
});
