import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { violation } from '../eslint/boundaries.mjs';

/**
 * The shape the imports must keep (README "Layout"): what ESLint checks import by import
 * (eslint/boundaries.mjs), checked here across the whole graph, where one import at a time cannot see:
 * no cycle between folders nor between files (inside a folder, where the folders' test cannot see), and
 * nothing of components/ reaching the environment or a store through another module.
 */
const sources = ['app', 'components', 'lib'].flatMap((dir) => walk(dir)).concat(['proxy.ts', 'instrumentation.ts', 'instrumentation-node.ts', 'server.ts']);

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return walk(file);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.d\.mts$/.test(entry.name) ? [file] : [];
  });
}

function resolveFile(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? specifier.slice(2) : specifier.startsWith('.') ? path.join(path.dirname(from), specifier) : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) if (/\.(ts|tsx|mjs)$/.test(candidate) && fs.existsSync(candidate)) return candidate;
  return null;
}

/** The files each file imports at run time (type-only imports are erased and left out). */
const graph = new Map<string, string[]>(
  sources.map((file) => {
    const text = fs.readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm), ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)]
      // `import { type A, type B }` is erased too; `import { a, type B }` is not.
      .filter((m) => !/^(?:import|export)\s+\{[^}]*\}\s+from/.test(m[0]) || /\{[^}]*\w[^}]*\}/.test(m[0].replace(/\btype\s+\w+\s*,?/g, '')))
      .map((m) => m[1]!);
    return [file, specifiers.map((s) => resolveFile(file, s)).filter((f): f is string => f !== null)];
  }),
);

/** lib/payments/store.ts → lib/payments; lib/env.ts → lib/env.ts; app/... → app. */
const folderOf = (file: string) => (file.startsWith('lib/') ? (file.split('/').length > 2 ? file.split('/').slice(0, 2).join('/') : file) : file.split('/')[0]!);

function cycles(edges: Map<string, Set<string>>): string[][] {
  // Tarjan's strongly connected components; a component of more than one folder is a cycle.
  let index = 0;
  const stack: string[] = [];
  const state = new Map<string, { index: number; low: number; onStack: boolean }>();
  const found: string[][] = [];
  const visit = (v: string) => {
    state.set(v, { index, low: index++, onStack: true });
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!state.has(w)) {
        visit(w);
        state.get(v)!.low = Math.min(state.get(v)!.low, state.get(w)!.low);
      } else if (state.get(w)!.onStack) state.get(v)!.low = Math.min(state.get(v)!.low, state.get(w)!.index);
    }
    if (state.get(v)!.low === state.get(v)!.index) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        state.get(w)!.onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!state.has(v)) visit(v);
  return found;
}

describe('the import structure', () => {
  it('reads the graph (a sanity check of the reader itself)', () => {
    expect(graph.get('lib/outbox/index.ts')).toContain('lib/outbox/worker.ts');
    expect(graph.get('lib/mail/send.ts')).toContain('lib/payments/index.ts');
    expect(graph.get('components/payments/BrandMark.tsx')).toEqual(['lib/payments/card.ts']);
  });

  it('has no cycle between folders (lib/ counted domain by domain)', () => {
    const edges = new Map<string, Set<string>>();
    for (const [file, targets] of graph) {
      const from = folderOf(file);
      for (const target of targets) if (folderOf(target) !== from) (edges.get(from) ?? edges.set(from, new Set()).get(from)!).add(folderOf(target));
    }
    expect(cycles(edges).map((c) => c.join(' '))).toEqual([]);
  });

  it('has no cycle between files either (inside a folder too, dynamic imports included)', () => {
    // The finder itself: a loop of three files through a dynamic import is one cycle.
    const loop = new Map([['a.ts', new Set(['b.ts'])], ['b.ts', new Set(['c.ts'])], ['c.ts', new Set(['a.ts', 'd.ts'])]]);
    expect(cycles(loop)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    const edges = new Map([...graph].map(([file, targets]) => [file, new Set(targets)]));
    expect(cycles(edges).map((c) => c.join(' '))).toEqual([]);
  });

  it('keeps every source file under 400 lines', () => {
    // lib/http/page-cache.ts is split when lib/http moves under the server's own root (issue 48, later).
    const waiting = new Set(['lib/http/page-cache.ts']);
    const lines = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    const long = sources.filter((file) => !waiting.has(file) && lines(fs.readFileSync(file, 'utf8')) > 400);
    expect(long).toEqual([]);
  });

  it('components/ never reaches the environment, the database, a store or app/, not even through another module', () => {
    const forbidden = (file: string) => file === 'lib/env.ts' || file.startsWith('lib/db/') || /\/store\.ts$/.test(file) || file.startsWith('app/');
    for (const start of sources.filter((file) => file.startsWith('components/'))) {
      const seen = new Set<string>();
      const reach = (file: string): string[] | null => {
        if (forbidden(file)) return [file];
        if (seen.has(file)) return null;
        seen.add(file);
        for (const next of graph.get(file) ?? []) {
          const route = reach(next);
          if (route) return [file, ...route];
        }
        return null;
      };
      expect(reach(start), start).toBeNull();
    }
  });
});

describe('the lint rule (eslint/boundaries.mjs)', () => {
  it('refuses what the design forbids, and allows the doors', () => {
    expect(violation('app/[locale]/_actions/forms.ts', 'lib/submissions/service')).toMatch(/through its door/);
    expect(violation('app/[locale]/_actions/forms.ts', 'lib/submissions')).toBeNull();
    expect(violation('lib/mail/send.ts', 'lib/payments/store')).toMatch(/through its door/);
    expect(violation('lib/payments/service.ts', 'lib/payments/store')).toBeNull();
    expect(violation('components/payments/X.tsx', 'lib/payments')).toMatch(/pure modules/);
    expect(violation('components/payments/X.tsx', 'lib/payments', { typeOnly: true })).toBeNull();
    expect(violation('components/payments/X.tsx', 'lib/payments/price')).toBeNull();
    expect(violation('components/payments/X.tsx', 'lib/payments/store')).toMatch(/through its door/);
    expect(violation('lib/payments/price.ts', 'lib/env')).toMatch(/pure module/);
    expect(violation('components/layout/X.tsx', 'lib/env')).toMatch(/no environment/);
    expect(violation('components/layout/X.tsx', 'app/site-config')).toMatch(/nothing from app/);
    expect(violation('lib/outbox/index.ts', 'lib/mail')).toMatch(/imports no consumer/);
    expect(violation('lib/outbox/store.ts', 'lib/db')).toBeNull();
    expect(violation('lib/i18n/locale.ts', 'lib/content')).toMatch(/knows no content/);
    expect(violation('lib/forms/cv.ts', 'lib/submissions')).toMatch(/knows no storage/);
    expect(violation('tests/outbox.test.ts', 'lib/outbox/worker')).toBeNull();
  });
});
