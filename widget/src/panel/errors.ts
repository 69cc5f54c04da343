// What the visitor is told for each failure: every error code of the service's envelope (contract
// section 1) that can reach the widget, the stream's error event, and network trouble. The text
// is a catalogue key, written in the panel's language by its translator.

import type { TextKey } from '../i18n/translator.js';
import type { Failure } from '../types.js';

export type Problem = {
  text: TextKey;
  /** The visitor may try the same thing again (after waitSeconds, when set). */
  retry: boolean;
  waitSeconds?: number;
  /** The way forward is a new conversation. */
  restart?: boolean;
};

// A Map, not an object literal: a code such as "constructor" must not find Object.prototype.
const PROBLEMS = new Map<string, Problem>(
  Object.entries({
    network: { text: 'errorOffline', retry: true },
    timeout: { text: 'errorTimeout', retry: true },
    conversation_budget_exhausted: { text: 'errorLimitReached', retry: false, restart: true },
    origin_not_allowed: { text: 'errorNotFound', retry: false },
    forbidden: { text: 'errorNotFound', retry: false },
    not_found: { text: 'errorNotFound', retry: false },
    conversation_busy: { text: 'errorBusy', retry: true },
    validation_failed: { text: 'errorGeneric', retry: false },
    payload_too_large: { text: 'errorTooLong', retry: false },
    token_expired: { text: 'errorExpired', retry: true },
    unauthenticated: { text: 'errorExpired', retry: true },
    coupon_invalid: { text: 'couponInvalid', retry: false },
    // No shopper binding: reloading the shop page identifies the visitor's cart again.
    cart_not_found: { text: 'couponCartNotFound', retry: true },
  } satisfies Record<string, Problem>),
);

function isFailure(value: unknown): value is Failure {
  return value !== null && typeof value === 'object' && typeof (value as Failure).code === 'string';
}

export function toFailure(error: unknown): Failure {
  return isFailure(error) ? error : { code: 'network', message: String(error) };
}

export function describeFailure(failure: Failure): Problem {
  if (failure.code === 'rate_limited') {
    // The retry button stays disabled for as long as Retry-After asks.
    return { text: 'errorRateLimited', retry: true, waitSeconds: failure.retryAfter ?? 30 };
  }
  return PROBLEMS.get(failure.code) ?? { text: 'errorGeneric', retry: true };
}

/** The first per-field message of a validation failure, for forms that can show it by the field. */
export function fieldErrors(failure: Failure): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(failure.errors ?? {})) {
    if (Array.isArray(messages) && typeof messages[0] === 'string') result[field] = messages[0];
  }
  return result;
}
