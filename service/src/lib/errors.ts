/**
 * One closed set of error codes, one status for each, one envelope on the wire:
 * `{"message", "code", "errors"}` where `errors` maps a field path to its messages.
 */
export const errorStatus = {
  validation_failed: 400,
  coupon_invalid: 400,
  plugin_outdated: 400,
  unauthenticated: 401,
  invalid_signature: 401,
  signature_expired: 401,
  token_expired: 401,
  forbidden: 403,
  origin_not_allowed: 403,
  csrf_failed: 403,
  not_found: 404,
  conversation_busy: 409,
  handoff_state_conflict: 409,
  site_not_connected: 409,
  cart_not_found: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  conversation_budget_exhausted: 429,
  internal_error: 500,
  site_unreachable: 502,
  site_error: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export type FieldErrors = Record<string, string[]>;

export interface ErrorEnvelope {
  message: string;
  code: ErrorCode;
  errors: FieldErrors;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly errors: FieldErrors;
  /** Extra response headers, e.g. Retry-After on a 429. */
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: { errors?: FieldErrors; headers?: Record<string, string>; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.errors = options.errors ?? {};
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return errorStatus[this.code];
  }

  toEnvelope(): ErrorEnvelope {
    return { message: this.message, code: this.code, errors: this.errors };
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** Shorthands for the errors raised most often, so call sites read as sentences. */
export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
export const validationFailed = (errors: FieldErrors, message = 'The request is not valid') => new AppError('validation_failed', message, { errors });

/** Turns zod issues into the envelope's `errors` map: `items.3.permalink -> [messages]`. */
export function fieldErrorsFromIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}
