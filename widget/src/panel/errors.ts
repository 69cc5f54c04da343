// What the visitor is told for each failure: every error code of the service's envelope (contract
// section 1) that can reach the widget, the stream's error event, and network trouble.

import type { Failure } from '../types.js';

export type Problem = {
  text: string;
  /** The visitor may try the same thing again (after waitSeconds, when set). */
  retry: boolean;
  waitSeconds?: number;
  /** The way forward is a new conversation. */
  restart?: boolean;
};

const UNAVAILABLE = "This assistant isn't available on this website.";
const TRY_AGAIN = 'Something went wrong. Please try again.';

// A Map, not an object literal: a code such as "constructor" must not find Object.prototype.
const PROBLEMS = new Map<string, Problem>(Object.entries({
  network: { text: "Can't reach the assistant. Check your connection and try again.", retry: true },
  timeout: { text: 'The answer stopped arriving. Please try again.', retry: true },
  conversation_budget_exhausted: {
    text: 'This conversation has reached its limit. Start a new conversation to keep chatting.',
    retry: false,
    restart: true,
  },
  origin_not_allowed: { text: UNAVAILABLE, retry: false },
  forbidden: { text: UNAVAILABLE, retry: false },
  not_found: { text: 'This assistant is no longer available.', retry: false },
  conversation_busy: { text: 'The assistant is still answering your previous message. Please wait a moment.', retry: true },
  validation_failed: { text: "That couldn't be sent. Please check what you entered and try again.", retry: false },
  payload_too_large: { text: 'That message is too long. Please shorten it.', retry: false },
  token_expired: { text: 'Your chat session expired. Please try again.', retry: true },
  unauthenticated: { text: 'Your chat session expired. Please try again.', retry: true },
  coupon_invalid: { text: "This coupon can't be applied.", retry: false },
  // No shopper binding: reloading the shop page identifies the visitor's cart again.
  cart_not_found: { text: "Your cart couldn't be found. Reload the page and apply the coupon again.", retry: true },
}));

function isFailure(value: unknown): value is Failure {
  return value !== null && typeof value === 'object' && typeof (value as Failure).code === 'string';
}

export function toFailure(error: unknown): Failure {
  return isFailure(error) ? error : { code: 'network', message: String(error) };
}

export function describeFailure(failure: Failure): Problem {
  if (failure.code === 'rate_limited') {
    const wait = failure.retryAfter ?? 30;
    return { text: `You're sending messages too quickly. Please wait ${wait} seconds and try again.`, retry: true, waitSeconds: wait };
  }
  return PROBLEMS.get(failure.code) ?? { text: TRY_AGAIN, retry: true };
}

/** The first per-field message of a validation failure, for forms that can show it by the field. */
export function fieldErrors(failure: Failure): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(failure.errors ?? {})) {
    if (Array.isArray(messages) && typeof messages[0] === 'string') result[field] = messages[0];
  }
  return result;
}
