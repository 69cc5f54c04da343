import { readFileSync } from 'node:fs';
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { computeSignature, SignatureError, verifySignature } from '../../src/lib/signature.js';

/**
 * The vectors the plugin's PHPUnit tests check (wordpress-plugin/tests/vectors), checked here
 * against the service's own implementation: both sides sign and verify identically.
 */

interface Vectors {
  signatures: Array<{ name: string; key: string; timestamp: number; body: string; expected: string }>;
  verification: Array<{
    name: string;
    keys: string[];
    now: number;
    header: string | null;
    body: string;
    expected: 'valid' | 'invalid_signature' | 'signature_expired';
  }>;
  jwt: Array<{ name: string; key: string; header: Record<string, string>; claims: Record<string, unknown>; expected: string }>;
}

const vectors = JSON.parse(readFileSync(new URL('../../../wordpress-plugin/tests/vectors/signature-vectors.json', import.meta.url), 'utf8')) as Vectors;

describe('signature vectors shared with the WordPress plugin', () => {
  it.each(vectors.signatures.map((v) => [v.name, v] as const))('computes: %s', (_name, v) => {
    expect(computeSignature(v.key, v.timestamp, v.body)).toBe(v.expected);
  });

  it.each(vectors.verification.map((v) => [v.name, v] as const))('verifies: %s', (_name, v) => {
    let outcome = 'valid';
    try {
      verifySignature(v.header ?? undefined, v.body, { keys: v.keys, now: () => v.now });
    } catch (error) {
      if (!(error instanceof SignatureError)) throw error;
      outcome = error.code;
    }
    expect(outcome).toBe(v.expected);
  });

  it.each(vectors.jwt.map((v) => [v.name, v] as const))('shopper token verifies with jose: %s', async (_name, v) => {
    const { payload, protectedHeader } = await jwtVerify(v.expected, new TextEncoder().encode(v.key), {
      algorithms: ['HS256'],
      currentDate: new Date(((v.claims.iat as number) + 1) * 1000),
    });
    expect(protectedHeader).toEqual(v.header);
    expect(payload).toEqual(v.claims);
  });
});
