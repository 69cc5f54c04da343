import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { errorStatus, type ErrorCode } from './errors.js';
import { parseInput } from './validate.js';

/**
 * Each route declares its body, query, params and responses as zod schemas on the route itself
 * (`schema: {...}`). Those declarations are the only statement of the contract: requests are
 * validated from them, responses are checked and written from them, and the OpenAPI document
 * (ops/openapi.ts) is generated from them.
 */

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Request headers the handler reads and judges itself (init's Origin answers 403
     * origin_not_allowed, not a validation error): documented, never validated by the schema.
     */
    documentedHeaders?: z.ZodObject;
    /**
     * The document's name for a body schema built for one app (and so not `named` once for all):
     * events, whose times are judged against that app's clock.
     */
    bodyName?: string;
  }
}

/**
 * Schemas the OpenAPI document names as components instead of writing them out where used.
 * A schema used only as a request or only as a response keeps its name as given.
 */
export const namedSchemas = z.registry<z.core.GlobalMeta>();

export function named<S extends z.ZodType>(name: string, schema: S): S {
  namedSchemas.add(schema, { id: name });
  return schema;
}

/**
 * Validation of body, query, params: the same checks (and the same `validation_failed`
 * envelope, errors keyed by field path) as every other input, NUL characters included.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    try {
      return { value: parseInput(schema, data) };
    } catch (error) {
      return { error: error as Error };
    }
  };

/** A response that does not match what its route declares: a bug of the service, answered as a 500. */
export class ResponseSchemaMismatch extends Error {
  override name = 'ResponseSchemaMismatch';

  constructor(
    readonly route: string,
    readonly status: number | string | undefined,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(
      `The ${status ?? ''} response of ${route} does not match its declared schema: ${issues
        .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
        .join('; ')}`,
    );
  }
}

/**
 * Responses are checked against their declared schema before they are written: a value that
 * does not match fails (so no test passes with an undeclared shape). What is written is the
 * value itself, as JSON.stringify writes it: the check never changes an answer.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url, httpStatus }) => {
  const route = `${method} ${url}`;
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSchemaMismatch(route, httpStatus, result.error.issues);
    return JSON.stringify(data);
  };
};

export const errorEnvelope = named(
  'ErrorEnvelope',
  z.object({
    message: z.string(),
    code: z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]),
    errors: z.record(z.string(), z.array(z.string())).describe('Messages by field path, e.g. "items.3.permalink"; {} when none'),
  }),
);

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request (`validation_failed`, or a more specific code)',
  401: 'Missing or invalid credentials',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large (`payload_too_large`)',
  415: 'The body is not `application/json` (`unsupported_media_type`)',
  429: 'Rate limited (`rate_limited`, with Retry-After) or budget exhausted',
  500: 'Internal error (details are only in the service log)',
  502: 'The store site did not answer or failed',
  503: 'Not ready, or a model provider failed',
};

type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** The error answers a route may give, each in the one envelope; 500 is possible everywhere. */
export function errorResponses(...statuses: ErrorStatus[]) {
  return Object.fromEntries(
    [...new Set([...statuses, 500])].map((status) => [
      status,
      { description: ERROR_DESCRIPTIONS[status]!, content: { 'application/json': { schema: errorEnvelope } } },
    ]),
  );
}

/** A JSON success response with its own description. */
export function jsonResponse<S extends z.ZodType>(schema: S, description = 'OK') {
  return { description, content: { 'application/json': { schema } } };
}

/** A Server-Sent Events answer: written by the SSE writer (lib/sse.ts), so nothing is serialized here. */
export function eventStreamResponse(description: string) {
  return { description, content: { 'text/event-stream': { schema: z.string() } } };
}

/** A text answer (metrics, pages): documented only; such routes send strings, never serialized. */
export function textResponse(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: z.string() } } };
}
