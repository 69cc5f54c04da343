import { ApiError } from '@storefront-assistant/client';
import { describe, expect, it } from 'vitest';
import { describeFailure, fieldErrors, toFailure } from '../src/panel/errors.js';

const GENERIC = describeFailure({ code: 'something_new' }).text;

describe('describeFailure', () => {
  it.each([
    'network',
    'timeout',
    'conversation_budget_exhausted',
    'origin_not_allowed',
    'forbidden',
    'not_found',
    'conversation_busy',
    'payload_too_large',
    'token_expired',
    'unauthenticated',
    'coupon_invalid',
    'rate_limited',
  ])('has its own wording for %s', (code) => {
    expect(describeFailure({ code }).text).not.toBe(GENERIC);
  });

  it('keeps the retry button waiting as long as Retry-After asks', () => {
    const problem = describeFailure({ code: 'rate_limited', status: 429, retryAfter: 12 });
    expect(problem).toEqual({ text: 'errorRateLimited', retry: true, waitSeconds: 12 });
  });

  it('offers a new conversation when the budget is exhausted, and no retry where retrying cannot help', () => {
    expect(describeFailure({ code: 'conversation_budget_exhausted' })).toMatchObject({ retry: false, restart: true });
    expect(describeFailure({ code: 'origin_not_allowed' }).retry).toBe(false);
    expect(describeFailure({ code: 'network' }).retry).toBe(true);
  });

  it('falls back to a generic, retryable message for unknown codes, including Object.prototype names', () => {
    for (const code of ['internal_error', 'http_502', 'constructor', '__proto__', 'toString']) {
      expect(describeFailure({ code })).toEqual({ text: GENERIC, retry: true });
    }
  });
});

describe('toFailure', () => {
  it('passes failures through and treats anything else as a network failure', () => {
    expect(toFailure({ code: 'rate_limited', retryAfter: 3 })).toEqual({ code: 'rate_limited', retryAfter: 3 });
    expect(toFailure(new TypeError('Failed to fetch')).code).toBe('network');
    const refused = new ApiError({ status: 403, code: 'origin_not_allowed', message: 'no' });
    expect(toFailure(refused)).toBe(refused);
  });
});

describe('fieldErrors', () => {
  it('takes the first message of each field', () => {
    expect(fieldErrors({ code: 'validation_failed', errors: { email: ['must be an email', 'x'], name: [] } })).toEqual({ email: 'must be an email' });
  });
});
