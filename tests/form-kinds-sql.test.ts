import { describe, expect, it } from 'vitest';
import { migrations } from '@/lib/db/migrations';
import { formSchemas } from '@/lib/forms/schemas';

/**
 * The SQL CHECK on `submissions.kind` repeats the form kinds (a migration never changes once shipped):
 * in each dialect the newest CHECK the migrations define is held to FormKind here, both ways. A new form
 * then needs a new migration, or its submissions fail the CHECK in production only.
 */
const KIND_CHECK = /\bkind\s+text\s+NOT NULL\s+CHECK\s*\(\s*kind\s+IN\s*\(([^)]*)\)\s*\)/gi;

function newestKinds(dialect: 'sqlite' | 'postgres'): string[] | undefined {
  const checks = migrations
    .flatMap((migration) => migration[dialect])
    .filter((step): step is string => typeof step === 'string' && /\bsubmissions\b/i.test(step))
    .flatMap((sql) => [...sql.matchAll(KIND_CHECK)].map((match) => match[1]!));
  return checks.at(-1)?.split(',').map((kind) => kind.trim().replace(/^'|'$/g, ''));
}

describe('the form kinds in the SQL CHECK', () => {
  it.each(['sqlite', 'postgres'] as const)('%s: the newest CHECK on submissions.kind names exactly the kinds of FormKind', (dialect) => {
    expect(newestKinds(dialect)?.sort()).toEqual(Object.keys(formSchemas).sort());
  });
});
