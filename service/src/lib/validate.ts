import type { z } from 'zod';
import { validationFailed, fieldErrorsFromIssues } from './errors.js';

/** Parses untrusted input with a schema; a failure becomes the validation_failed envelope. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, prefix?: string): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const issues = prefix ? result.error.issues.map((i) => ({ ...i, path: [prefix, ...i.path] })) : result.error.issues;
    throw validationFailed(fieldErrorsFromIssues(issues));
  }
  return result.data;
}
