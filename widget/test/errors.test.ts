import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../src/http.js';
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
    'validation_failed',
    'payload_too_large',
    'token_expired',
    'unauthenticated',
    'coupon_invalid',
    'rate_limited',
  ])('has its own wording for %s', (code) => {
    expect(describeFailure({ code }).text).not.toBe(GENERIC);
  });

  it('tells how long to wait when rate-limited, from Retry-After', () => {
    const problem = describeFailure({ code: 'rate_limited', status: 429, retryAfter: 12 });
    expect(problem).toMatchObject({ retry: true, waitSeconds: 12 });
    expect(problem.text).toContain('12 seconds');
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
  });
});

describe('fieldErrors', () => {
  it('takes the first message of each field', () => {
    expect(fieldErrors({ code: 'validation_failed', errors: { email: ['must be an email', 'x'], name: [] } })).toEqual({ email: 'must be an email' });
  });
});

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});
