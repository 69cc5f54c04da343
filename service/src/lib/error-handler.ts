import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError, type ErrorEnvelope, fieldErrorsFromIssues } from './errors.js';
import { ResponseSchemaMismatch } from './route-schema.js';

export interface ErrorHandlingOptions {
  /** Told of every answer that did not match its route's declared schema (it leaves as a 500). */
  onResponseMismatch?: (mismatch: ResponseSchemaMismatch) => void;
}

/**
 * The one place where anything thrown becomes a response. Every error leaves in the envelope;
 * a 5xx never carries internals (they go to the log with the request id instead).
 */
export function registerErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ResponseSchemaMismatch) options.onResponseMismatch?.(error);
    const appError = toAppError(error);
    if (appError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else if (appError.code === 'internal_error') {
      request.log.warn({ err: error }, 'request rejected');
    }
    for (const [name, value] of Object.entries(appError.headers)) reply.header(name, value);
    void reply.status(appError.status).send(appError.toEnvelope() satisfies ErrorEnvelope);
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send(new AppError('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`).toEnvelope());
  });
}

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) {
    return new AppError('validation_failed', 'The request is not valid', { errors: fieldErrorsFromIssues(error.issues) });
  }
  const fastifyError = error as Partial<FastifyError> & { validation?: unknown };
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'The request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 'Send the body as application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('validation_failed', 'The request body is empty', { errors: { _: ['a JSON body is required'] } });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('validation_failed', 'The request body is not valid JSON', { errors: { _: ['not valid JSON'] } });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('validation_failed', 'The Content-Length header does not match the body');
    default:
      break;
  }
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return new AppError('validation_failed', 'The request body is not valid JSON', { errors: { _: ['not valid JSON'] } });
  }
  if (fastifyError.statusCode === 429) {
    return new AppError('rate_limited', 'Too many requests; try again later');
  }
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return new AppError('validation_failed', fastifyError.message ?? 'The request is not valid');
  }
  return new AppError('internal_error', 'Something went wrong on our side', { cause: error });
}
