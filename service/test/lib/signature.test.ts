import { describe, expect, it } from 'vitest';
import { computeSignature, parseSignatureHeader, SignatureError, signatureHeader, verifySignature } from '../../src/lib/signature.js';

const key = 'svc_test_key_0123456789';
const body = '{"items":[{"wp_id":1}]}';
const now = 1_800_000_000;
const clock = () => now;

function failure(fn: () => void): SignatureError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SignatureError) return error;
    throw error;
  }
  throw new Error('expected a SignatureError');
}

describe('signature header', () => {
  it('accepts a valid signature over the raw body', () => {
    expect(() => verifySignature(signatureHeader(key, body, now), body, { keys: [key], now: clock })).not.toThrow();
  });

  it('is HMAC-SHA256 of "<t>.<body>" in hex', () => {
    // Independent computation with a fixed vector, so a change of scheme cannot pass silently.
    expect(computeSignature('secret', 1700000000, 'hello')).toBe('47b1df0ab12338b2685470b0d2b37033add7c3b2bc8172f313e77413f1bb78c8');
    expect(signatureHeader('secret', 'hello', 1700000000)).toBe('t=1700000000,v1=47b1df0ab12338b2685470b0d2b37033add7c3b2bc8172f313e77413f1bb78c8');
  });

  it.each([
    ['empty', ''],
    ['garbage', 'not a signature'],
    ['no timestamp', `v1=${'a'.repeat(64)}`],
    ['non-numeric timestamp', `t=abc,v1=${'a'.repeat(64)}`],
    ['two timestamps', `t=${now},t=${now},v1=${'a'.repeat(64)}`],
    ['short v1', `t=${now},v1=abc`],
    ['non-hex v1', `t=${now},v1=${'z'.repeat(64)}`],
    ['empty pair', `t=${now},,v1=${'a'.repeat(64)}`],
  ])('rejects a malformed header (%s)', (_name, header) => {
    const error = failure(() => verifySignature(header, body, { keys: [key], now: clock }));
    expect(error.code).toBe('invalid_signature');
    expect(['malformed', 'missing']).toContain(error.reason);
  });

  it('rejects a missing header', () => {
    expect(failure(() => verifySignature(undefined, body, { keys: [key], now: clock })).reason).toBe('missing');
  });

  it('rejects a header with no v1 (only other schemes)', () => {
    const error = failure(() => verifySignature(`t=${now},v0=${'a'.repeat(64)}`, body, { keys: [key], now: clock }));
    expect(error.reason).toBe('no_signature');
    expect(error.code).toBe('invalid_signature');
  });

  it('rejects a signature made with another key', () => {
    const error = failure(() => verifySignature(signatureHeader('svc_other', body, now), body, { keys: [key], now: clock }));
    expect(error.reason).toBe('mismatch');
  });

  it('rejects a tampered body', () => {
    const header = signatureHeader(key, body, now);
    const error = failure(() => verifySignature(header, body.replace('1', '2'), { keys: [key], now: clock }));
    expect(error.reason).toBe('mismatch');
  });

  it('rejects a timestamp outside the tolerance, in the past and in the future', () => {
    for (const skew of [-301, 301]) {
      const t = now + skew;
      const error = failure(() => verifySignature(signatureHeader(key, body, t), body, { keys: [key], now: clock }));
      expect(error.code).toBe('signature_expired');
    }
  });

  it('accepts a timestamp at the edge of the tolerance', () => {
    for (const skew of [-300, 300]) {
      expect(() => verifySignature(signatureHeader(key, body, now + skew), body, { keys: [key], now: clock })).not.toThrow();
    }
  });

  it('accepts when any one of several v1 values matches (rotation)', () => {
    const good = computeSignature(key, now, body);
    const header = `t=${now},v1=${'0'.repeat(64)},v1=${good},v0=ignored`;
    expect(() => verifySignature(header, body, { keys: [key], now: clock })).not.toThrow();
    expect(parseSignatureHeader(header).signatures).toHaveLength(2);
  });

  it('accepts when the signature matches any of several keys', () => {
    expect(() => verifySignature(signatureHeader('old_key', body, now), body, { keys: [key, 'old_key'], now: clock })).not.toThrow();
  });

  it('verifies raw bytes, not a re-serialisation of the JSON', () => {
    const raw = Buffer.from('{"a": 1,   "b":"é"}', 'utf8');
    const header = signatureHeader(key, raw, now);
    expect(() => verifySignature(header, raw, { keys: [key], now: clock })).not.toThrow();
    const reserialised = JSON.stringify(JSON.parse(raw.toString('utf8')));
    expect(() => verifySignature(header, reserialised, { keys: [key], now: clock })).toThrow(SignatureError);
  });
});
