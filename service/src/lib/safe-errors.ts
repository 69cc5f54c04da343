import { DrizzleQueryError } from 'drizzle-orm';
import { stdSerializers, type SerializedError } from 'pino';

/**
 * Errors as they may be logged: without the values a failed database query carried. Drizzle puts
 * a failed query's parameters (a lead's email and name, a visitor's message) in its error's
 * message and `params`; PGlite adds `params` to its own errors; PostgreSQL's `detail` repeats
 * the values of the row or key concerned ("Key (email)=(ana@example.com) already exists"), and
 * the message of a data exception quotes the value it could not take. The query text, the
 * SQLSTATE code, the constraint, table and column stay: they are what an operator needs.
 */

/** Properties of database errors that carry a query's values. */
const VALUE_CARRYING_KEYS = new Set(['params', 'parameters', 'queryOptions', 'detail', 'where', 'internalQuery']);

function isErrorLike(value: unknown): value is Error {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/** A PostgreSQL error (node-postgres or PGlite): a SQLSTATE code and a severity. */
function sqlState(error: Error): string | undefined {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string' ? code : undefined;
}

/** The error's message without query values. */
export function safeErrorMessage(error: unknown): string {
  if (!isErrorLike(error)) return String(error);
  if (error instanceof DrizzleQueryError) return `Failed query: ${error.query}`;
  // The same shape from another copy of drizzle-orm, which instanceof would not recognise.
  let message = error.message.replace(/^(Failed query: [\s\S]*?)\nparams: [\s\S]*$/, '$1');
  // Class 22, data exceptions: `invalid input syntax for type uuid: "<the value>"` and the like.
  if (sqlState(error)?.startsWith('22')) message = message.replace(/"[\s\S]*"/, '[value withheld]');
  return message;
}

/** The stack with its first lines (name and message) rebuilt from the safe message. */
function safeStack(error: Error, message: string): string | undefined {
  if (typeof error.stack !== 'string') return undefined;
  if (message === error.message) return error.stack;
  const frames = error.stack.indexOf('\n    at ');
  return `${error.name}: ${message}${frames === -1 ? '' : error.stack.slice(frames)}`;
}

/** A copy of the error and its causes, fit for pino's serializer, without query values. */
function scrub(error: Error, seen: Map<Error, Record<string, unknown>>): Record<string, unknown> {
  const done = seen.get(error);
  if (done) return done;
  const copy: Record<string, unknown> = {};
  seen.set(error, copy);
  // for...in, as pino's serializer reads an error: own and inherited enumerable properties.
  for (const key in error) {
    if (VALUE_CARRYING_KEYS.has(key) || key === 'cause') continue;
    const value = (error as unknown as Record<string, unknown>)[key];
    if (isErrorLike(value)) copy[key] = scrub(value, seen);
    else if (Array.isArray(value)) copy[key] = value.map((item: unknown) => (isErrorLike(item) ? scrub(item, seen) : item));
    else copy[key] = value;
  }
  const message = safeErrorMessage(error);
  copy.message = message;
  copy.stack = safeStack(error, message);
  if (isErrorLike(error.cause)) copy.cause = scrub(error.cause, seen);
  // pino names the error after its constructor.
  Object.defineProperty(copy, 'constructor', { value: error.constructor, enumerable: false });
  return copy;
}

/** The logger's `err` serializer: pino's own, over a copy of the error without query values. */
export function serializeError(error: Error): SerializedError {
  // Anything else logged under `err` passes as it is, as with pino's own serializer.
  if (!isErrorLike(error)) return error as unknown as SerializedError;
  return stdSerializers.err(scrub(error, new Map()) as unknown as Error);
}

/** For console output before the logger exists (start-up failures). */
export function safeErrorText(error: unknown): string {
  if (!isErrorLike(error)) return String(error);
  const serialized = serializeError(error);
  return serialized.stack || serialized.message;
}
