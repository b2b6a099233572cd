import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { fieldErrors } from './schemas';

type Schema = { safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } } };
/** A form's schema and the function that turns its issues into each field's error code (lib/forms/schemas.ts). */
export type Checker = { schema: Schema; fieldErrors: typeof fieldErrors };

/**
 * react-hook-form's resolver for one of our zod schemas: each field's first error code, as the server
 * reports it. (A few lines instead of @hookform/resolvers, whose zod adapter carries code for zod 3
 * and 4 into every form page.)
 *
 * The schema comes from `load`. The company page's payer form loads it with a dynamic import: zod
 * (about 14 KB of Brotli even as zod/mini) is then not among the scripts the page waits for before its
 * plans can be chosen (issue 38); the island calls `load` once it has hydrated, so the schema is in
 * long before a payer sends, and a check before that waits for it. If it cannot be loaded (the network
 * went), nothing is checked here and the server's check, with the same schema, answers.
 */
export function schemaResolver<T extends FieldValues>(load: () => Promise<Checker>): Resolver<T> {
  return async (values) => {
    const checker = await load().catch(() => null);
    if (!checker) return { values, errors: {} };
    const result = checker.schema.safeParse(values);
    if (result.success) return { values: result.data as T, errors: {} };
    const errors = Object.fromEntries(Object.entries(checker.fieldErrors(result.error)).map(([name, code]) => [name, { type: code, message: code }]));
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
