import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { fieldErrors } from './schemas';

type Schema = { safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } } };

/**
 * react-hook-form's resolver for one of our zod schemas: each field's first error code, as the server
 * reports it. (A few lines instead of @hookform/resolvers, whose zod adapter carries code for zod 3
 * and 4 into every form page.)
 */
export function schemaResolver<T extends FieldValues>(schema: Schema): Resolver<T> {
  return async (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data as T, errors: {} };
    const errors = Object.fromEntries(Object.entries(fieldErrors(result.error)).map(([name, code]) => [name, { type: code, message: code }]));
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
