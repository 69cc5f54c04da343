import type { FastifyInstance } from 'fastify';
import { AppError, type FieldErrors } from '../../lib/errors.js';

/**
 * HTML forms post application/x-www-form-urlencoded. A repeated field (several coupon rows,
 * several abilities) becomes an array, a single one a string.
 */
export type FormFields = Record<string, string | string[]>;

function parseForm(body: string): FormFields {
  const fields: FormFields = Object.create(null) as FormFields;
  for (const [key, value] of new URLSearchParams(body)) {
    const previous = fields[key];
    fields[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return fields;
}

export function registerFormParser(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseForm(body as string));
  });
}

export function isFormPost(contentType: string | undefined): boolean {
  return (contentType ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
}

/** One value of a field (the last, if it was repeated); '' when absent. */
export function field(fields: FormFields, name: string): string {
  return fieldList(fields, name).at(-1) ?? '';
}

/** Every value of a repeated field, in form order. Non-strings (a JSON body posted here) are dropped. */
export function fieldList(fields: FormFields, name: string): string[] {
  const value: unknown = fields[name];
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  return values.filter((item): item is string => typeof item === 'string');
}

export function checkbox(fields: FormFields, name: string): boolean {
  return fields[name] !== undefined;
}

/** The request body as form fields; anything that is not an object reads as an empty form. */
export function formOf(body: unknown): FormFields {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as FormFields) : {};
}

/**
 * The dashboard's HTML form posts validate in their handlers (`parseInput` inside `attempt`), not
 * from a declared body schema: a refused form is the same page again with the errors beside its
 * fields (HTML, status 400), where a schema's refusal would be a JSON error, and most forms'
 * text fields are converted first (lines and comma lists to arrays, empty to null, checkboxes to
 * booleans). Their JSON twins under /app/api declare their bodies. No body schema is declared on
 * them for the OpenAPI document either: /app is not part of it (ops/openapi.ts, UNDOCUMENTED).
 */

/**
 * Runs a form's validation and write. A validation failure comes back as the errors to show
 * beside the form the user filled in; any other error propagates.
 */
export async function attempt<T>(write: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; errors: FieldErrors }> {
  try {
    return { ok: true, value: await write() };
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_failed') return { ok: false, errors: error.errors };
    throw error;
  }
}
