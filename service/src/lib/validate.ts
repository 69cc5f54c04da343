import type { z } from 'zod';
import { validationFailed, fieldErrorsFromIssues } from './errors.js';

interface Issue {
  path: PropertyKey[];
  message: string;
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000, so a string carrying one would fail at the
 * database as a 500 (in a sync batch, after the whole batch had been accepted). It is refused
 * here instead, addressed to its field like any other validation error.
 */
const NUL = '\u0000';
const NUL_MESSAGE = 'must not contain NUL (U+0000) characters';

/** Page context is reduced to an allowlist and stripped of control characters before any use. */
const SANITIZED_BEFORE_USE = new Set(['page_context']);

interface Visit {
  value: unknown;
  key: PropertyKey | undefined;
  parent: Visit | undefined;
}

function pathOf(visit: Visit | undefined): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at = visit; at && at.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** Iterative, so that a deeply nested body (JSON.parse allows any depth) cannot exhaust the stack. */
function nulIssues(input: unknown): Issue[] {
  const issues: Issue[] = [];
  const pending: Visit[] = [{ value: input, key: undefined, parent: undefined }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (value.includes(NUL)) issues.push({ path: pathOf(visit), message: NUL_MESSAGE });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, key: index, parent: visit }));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (visit.parent === undefined && SANITIZED_BEFORE_USE.has(key)) continue;
        // The key itself stays out of the path: errors are stored too (a site's last sync errors).
        if (key.includes(NUL)) issues.push({ path: pathOf(visit), message: `keys ${NUL_MESSAGE}` });
        else pending.push({ value: item, key, parent: visit });
      }
    }
  }
  return issues;
}

/** Parses untrusted input with a schema; a failure becomes the validation_failed envelope. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, prefix?: string): z.infer<S> {
  const result = schema.safeParse(input);
  const issues: Issue[] = [...(result.success ? [] : result.error.issues), ...nulIssues(input)];
  if (issues.length > 0) {
    throw validationFailed(fieldErrorsFromIssues(prefix ? issues.map((i) => ({ ...i, path: [prefix, ...i.path] })) : issues));
  }
  return result.data as z.infer<S>;
}
