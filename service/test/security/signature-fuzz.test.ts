import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { SignatureError, SIGNATURE_TOLERANCE_SECONDS, verifySignature, type SignatureFailure } from '../../src/lib/signature.js';
import type { TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { handshakeRequest, post, signedSync } from '../helpers/integration.js';

/**
 * The X-Service-Signature parser and verifier under hostile headers and bodies. The oracle is
 * computed here with node:crypto directly, so a change in how the module signs cannot make both
 * sides agree on a wrong answer.
 */

const NOW = 1_800_000_000;
const clock = () => NOW;
const WINDOW = SIGNATURE_TOLERANCE_SECONDS;

type Outcome = 'ok' | SignatureFailure;

function hmac(key: string, timestamp: number, body: string | Buffer): string {
  return createHmac('sha256', key).update(`${timestamp}.`).update(body).digest('hex');
}

/** What the verifier says; anything thrown that is not a SignatureError escapes and fails the run. */
function outcome(header: string | undefined, body: string | Buffer, keys: string[]): Outcome {
  try {
    verifySignature(header, body, { keys, now: clock });
    return 'ok';
  } catch (error) {
    if (error instanceof SignatureError) {
      // The envelope code follows the reason: only an out-of-window timestamp is "expired".
      expect(error.code).toBe(error.reason === 'expired' ? 'signature_expired' : 'invalid_signature');
      return error.reason;
    }
    throw error;
  }
}

/**
 * The only way a header may be accepted: it names, as one of its numbers, a timestamp inside the
 * window, and it carries the HMAC of that timestamp and the exact body under one of the keys.
 */
function carriesValidSignature(header: string, body: string | Buffer, keys: string[]): boolean {
  const lower = header.toLowerCase();
  const stamps = [...header.matchAll(/\d+/g)].map((m) => Number(m[0])).filter((t) => Math.abs(NOW - t) <= WINDOW);
  return keys.some((key) => stamps.some((t) => lower.includes(hmac(key, t, body))));
}

const key = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 48 });
const body = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
);
const inWindow = fc.integer({ min: NOW - WINDOW, max: NOW + WINDOW });
const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/);
const blank = fc.stringMatching(/^[ \t]{0,3}$/);

/** Pieces that reach deep into the parser: keys, separators, digit runs, hex runs, stray unicode. */
const headerToken = fc.oneof(
  fc.constantFrom('t', 'v1', 'v0', 'v2', 'T', 'V1', 'sha256', '=', ',', ' ', '\t', '==', ',,', ';', '-', '+', '.', 'e'),
  fc.stringMatching(/^[0-9]{1,14}$/),
  fc.stringMatching(/^[0-9a-fA-F]{62,66}$/),
  fc.string({ unit: 'binary', maxLength: 4 }),
);
const arbitraryHeader = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.array(headerToken, { maxLength: 24 }).map((parts) => parts.join('')),
  fc.constantFrom('', ' ', '\t', ',', '=', 't=', 'v1=', 't=,v1=', `t=${NOW}`, `v1=${'a'.repeat(64)}`, 'Bearer svc_x', 'Signature keyId="k",signature="x"'),
);

describe('signature header: arbitrary strings', () => {
  it('never throws anything but a SignatureError, and never verifies without the real HMAC', () => {
    fc.assert(
      fc.property(arbitraryHeader, body, fc.array(key, { minLength: 1, maxLength: 3 }), (header, payload, keys) => {
        const result = outcome(header, payload, keys);
        if (result === 'ok') expect(carriesValidSignature(header, payload, keys)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('answers "missing" for no header or only whitespace, and "malformed" for anything over 2 KB', () => {
    fc.assert(
      fc.property(fc.option(fc.stringMatching(/^[ \t\r\n]{0,20}$/), { nil: undefined }), body, key, (header, payload, k) => {
        expect(outcome(header, payload, [k])).toBe('missing');
      }),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(body, key, inWindow, fc.integer({ min: 1, max: 4000 }), (payload, k, t, extra) => {
        // A valid signature does not excuse the length: the cap holds before any HMAC is computed.
        const valid = `t=${t},v1=${hmac(k, t, payload)}`;
        const padded = `${valid},x=${'p'.repeat(Math.max(0, 2049 - valid.length - 3) + extra)}`;
        expect(outcome(padded, payload, [k])).toBe('malformed');
      }),
      { numRuns: 100 },
    );
  });
});

describe('signature header: a valid one', () => {
  /** The real signature, decorated the ways a conforming sender may: spacing, order, extra schemes, decoys, case. */
  const validHeader = fc
    .record({
      payload: body,
      keys: fc.uniqueArray(key, { minLength: 1, maxLength: 3 }),
      signer: fc.nat(),
      t: inWindow,
      upper: fc.boolean(),
      decoys: fc.array(hex64, { maxLength: 3 }),
      others: fc.array(fc.tuple(fc.constantFrom('v0', 'v2', 'x', 'scheme'), fc.stringMatching(/^[^,]{1,20}$/)), { maxLength: 3 }),
      spacing: fc.array(fc.tuple(blank, blank, blank, blank), { minLength: 12, maxLength: 12 }),
      order: fc.array(fc.nat(), { minLength: 12, maxLength: 12 }),
    })
    .map(({ payload, keys, signer, t, upper, decoys, others, spacing, order }) => {
      const signature = hmac(keys[signer % keys.length]!, t, payload);
      const parts: [string, string][] = [
        ['t', String(t)],
        ['v1', upper ? signature.toUpperCase() : signature],
        ...decoys.map((d): [string, string] => ['v1', d]),
        ...others,
      ];
      const shuffled = parts.map((part, i) => ({ part, rank: order[i] ?? 0 })).sort((a, b) => a.rank - b.rank);
      const header = shuffled
        .map(({ part: [k, v] }, i) => {
          const [a, b, c, d] = spacing[i] ?? ['', '', '', ''];
          return `${a}${k}${b}=${c}${v}${d}`;
        })
        .join(',');
      return { header, payload, keys };
    });

  it('always verifies, whatever order, spacing, decoys, other schemes or key rotation it comes with', () => {
    fc.assert(
      fc.property(validHeader, ({ header, payload, keys }) => {
        expect(outcome(header, payload, keys)).toBe('ok');
      }),
      { numRuns: 1000 },
    );
  });

  it('verifies the same bytes whether they arrive as a string or a Buffer', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), key, inWindow, (text, k, t) => {
        const header = `t=${t},v1=${hmac(k, t, text)}`;
        expect(outcome(header, text, [k])).toBe('ok');
        expect(outcome(header, Buffer.from(text, 'utf8'), [k])).toBe('ok');
      }),
      { numRuns: 300 },
    );
  });

  it('is accepted exactly inside the 300-second window, in the past and in the future', () => {
    fc.assert(
      fc.property(
        body,
        key,
        fc.oneof(fc.integer({ min: -WINDOW - 5, max: WINDOW + 5 }), fc.integer({ min: -NOW, max: 999_999_999_999 - NOW })),
        (payload, k, skew) => {
          const t = NOW + skew;
          const expected = Math.abs(skew) <= WINDOW ? 'ok' : 'expired';
          expect(outcome(`t=${t},v1=${hmac(k, t, payload)}`, payload, [k])).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('signature header: mutations of a valid one', () => {
  const base = fc.record({ payload: body, k: key, t: fc.integer({ min: NOW - WINDOW + 20, max: NOW + WINDOW - 20 }) }).map(({ payload, k, t }) => ({
    payload,
    k,
    t,
    signature: hmac(k, t, payload),
  }));

  /** Characters a mutation writes: ASCII, separators, lookalike digits and letters, controls, astral. */
  const replacement = fc.oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    fc.constantFrom(',', '=', ' ', '\t', '\n', '\u0000', 'Ａ', 'а', '٣', '３', '\u200b', '😀', 'x', 'G'),
  );

  it('a replaced, inserted or deleted character verifies only if the real signature survived it', () => {
    fc.assert(
      fc.property(base, fc.nat(), replacement, fc.constantFrom('replace', 'insert', 'delete'), ({ payload, k, t, signature }, at, char, how) => {
        const valid = `t=${t},v1=${signature}`;
        const i = at % valid.length;
        const mutated =
          how === 'replace'
            ? valid.slice(0, i) + char + valid.slice(i + 1)
            : how === 'insert'
              ? valid.slice(0, i) + char + valid.slice(i)
              : valid.slice(0, i) + valid.slice(i + 1);
        const result = outcome(mutated, payload, [k]);
        if (result === 'ok') expect(carriesValidSignature(mutated, payload, [k])).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('a different hex digit anywhere in v1 is a mismatch', () => {
    fc.assert(
      fc.property(base, fc.nat(63), fc.constantFrom(...'0123456789abcdef'), ({ payload, k, t, signature }, i, digit) => {
        fc.pre(signature[i] !== digit);
        const flipped = signature.slice(0, i) + digit + signature.slice(i + 1);
        expect(outcome(`t=${t},v1=${flipped}`, payload, [k])).toBe('mismatch');
      }),
      { numRuns: 500 },
    );
  });

  it('a changed timestamp digit is a mismatch inside the window and expired outside it', () => {
    fc.assert(
      fc.property(base, fc.nat(9), fc.nat(9), ({ payload, k, t, signature }, position, digit) => {
        const stamp = String(t);
        fc.pre(stamp[position] !== String(digit));
        const changed = Number(stamp.slice(0, position) + digit + stamp.slice(position + 1));
        const expected = Math.abs(NOW - changed) <= WINDOW ? 'mismatch' : 'expired';
        expect(outcome(`t=${changed},v1=${signature}`, payload, [k])).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('duplicated, missing, renamed, oversized or non-ASCII parts are refused with the right reason', () => {
    fc.assert(
      fc.property(
        base,
        fc.constantFrom('v0', 'v2', 'V1', 'v11', 'v1x', 'sig', 'sha256'),
        fc.constantFrom('٠', '０', '𝟎', '߀'),
        fc.integer({ min: 13, max: 40 }),
        ({ payload, k, t, signature }, scheme, foreignZero, width) => {
          const sig = `v1=${signature}`;
          expect(outcome(`t=${t},${sig},t=${t}`, payload, [k])).toBe('malformed');
          expect(outcome(`t=${t},t=${t + 1},${sig}`, payload, [k])).toBe('malformed');
          expect(outcome(sig, payload, [k])).toBe('malformed');
          expect(outcome(`t=${t}`, payload, [k])).toBe('no_signature');
          expect(outcome(`t=${t},${scheme}=${signature}`, payload, [k])).toBe('no_signature');
          // The same instant written too wide, in another numbering system, signed or in another notation.
          expect(outcome(`t=${String(t).padStart(width, '0')},${sig}`, payload, [k])).toBe('malformed');
          expect(outcome(`t=${String(t).replace(/0/g, foreignZero)},${sig}`, payload, [k])).toBe(String(t).includes('0') ? 'malformed' : 'ok');
          for (const notation of [`+${t}`, `-${t}`, `${t}.0`, `${t / 1e9}e9`, `0x${t.toString(16)}`, `${t} ${t}`, `"${t}"`]) {
            expect(outcome(`t=${notation},${sig}`, payload, [k])).toBe('malformed');
          }
          expect(outcome(`t=${t},v1=${signature.slice(1)}`, payload, [k])).toBe('malformed');
          expect(outcome(`t=${t},v1=${signature}0`, payload, [k])).toBe('malformed');
          expect(outcome(`t=${t},v1=${signature.replace(/[a-f]/, 'а')}`, payload, [k])).toBe(/[a-f]/.test(signature) ? 'malformed' : 'ok');
          expect(outcome(`t=${t};${sig}`, payload, [k])).toBe('malformed');
          expect(outcome(`t=${t},,${sig}`, payload, [k])).toBe('malformed');
          expect(outcome(`t=${t},${sig},`, payload, [k])).toBe('malformed');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('is a mismatch under another key, and under the right key signing another timestamp', () => {
    fc.assert(
      fc.property(base, key, fc.integer({ min: -WINDOW, max: WINDOW }), ({ payload, k, t, signature }, other, shift) => {
        fc.pre(other !== k && shift !== 0);
        expect(outcome(`t=${t},v1=${signature}`, payload, [other])).toBe('mismatch');
        const moved = Math.min(Math.max(t + shift, NOW - WINDOW), NOW + WINDOW);
        fc.pre(moved !== t);
        expect(outcome(`t=${moved},v1=${signature}`, payload, [k])).toBe('mismatch');
      }),
      { numRuns: 300 },
    );
  });
});

describe('signature header: any change to the body', () => {
  const bytes = fc.uint8Array({ minLength: 1, maxLength: 300 }).map((b) => Buffer.from(b));

  /** A different byte sequence: flipped, inserted, removed, truncated, extended, re-encoded. */
  const mutateBody = (original: Buffer) =>
    fc
      .oneof(
        fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })).map(([at, mask]) => {
          const copy = Buffer.from(original);
          const i = at % copy.length;
          copy[i] = copy[i]! ^ mask;
          return copy;
        }),
        fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })).map(([at, byte]) => {
          const i = at % (original.length + 1);
          return Buffer.concat([original.subarray(0, i), Buffer.from([byte]), original.subarray(i)]);
        }),
        fc.nat().map((at) => {
          const i = at % original.length;
          return Buffer.concat([original.subarray(0, i), original.subarray(i + 1)]);
        }),
        fc.nat().map((at) => original.subarray(0, at % original.length)),
        fc.constantFrom('\n', ' ', '\r\n', '\u0000', '\ufeff').map((tail) => Buffer.concat([original, Buffer.from(tail)])),
        fc.constant(Buffer.concat([Buffer.from('\ufeff'), original])),
        fc.constant(Buffer.from(original.toString('latin1'), 'utf8')),
      )
      .filter((mutated) => !mutated.equals(original));

  it('is a mismatch, every time, for a header that was valid for the original', () => {
    fc.assert(
      fc.property(
        bytes.chain((original) => fc.tuple(fc.constant(original), mutateBody(original))),
        key,
        inWindow,
        ([original, mutated], k, t) => {
          const header = `t=${t},v1=${hmac(k, t, original)}`;
          expect(outcome(header, original, [k])).toBe('ok');
          expect(outcome(header, mutated, [k])).toBe('mismatch');
          expect(outcome(header, mutated.toString('latin1'), [k])).toBe(Buffer.from(mutated.toString('latin1'), 'utf8').equals(original) ? 'ok' : 'mismatch');
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('is a mismatch for JSON that means the same but is written differently', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), key, inWindow, (value, k, t) => {
        const compact = JSON.stringify(value);
        const header = `t=${t},v1=${hmac(k, t, compact)}`;
        for (const variant of [JSON.stringify(value, null, 2), `${compact} `, ` ${compact}`, compact.normalize('NFD')]) {
          expect(outcome(header, variant, [k])).toBe(variant === compact ? 'ok' : 'mismatch');
        }
      }),
      { numRuns: 300 },
    );
  });
});

/** The same headers through the real sync route: the route agrees with the verifier, never 5xx, and a refusal writes nothing. */
const routeTest = appTest({
  limits: { integrationPerToken: 1e6 },
  prepare: async (service, shop) => {
    expect((await handshakeRequest(service.app, shop.token)).statusCode).toBe(200);
  },
});

describe('signature header at the sync route', () => {
  const documentCount = async (service: TestApp) => {
    const [row] = await queryRows<{ n: string }>(service.database.db, sql`SELECT count(*) AS n FROM documents`);
    return Number(row!.n);
  };

  routeTest(
    'accepts exactly what verifySignature accepts, and refuses the rest with 401 and no write',
    async ({ service, shop }) => {
      let wpId = 1;
      const seen = { accepted: 0, refused: 0 };
      await fc.assert(
        fc.asyncProperty(
          fc.nat(),
          fc.oneof(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), fc.constantFrom(',', '=', ' ', 'A', '0', 'f', 'F')),
          fc.constantFrom('none', 'replace', 'insert', 'delete', 'stale', 'other-key', 'garbage'),
          async (at, char, how) => {
            wpId += 1;
            const raw = JSON.stringify({ items: [post(wpId)] });
            const now = Math.floor(service.clock.now().getTime() / 1000);
            const stamp = how === 'stale' ? now - WINDOW - 1 : now;
            const valid = `t=${stamp},v1=${hmac(how === 'other-key' ? `${shop.token}x` : shop.token, stamp, raw)}`;
            const i = at % valid.length;
            const header =
              how === 'replace'
                ? valid.slice(0, i) + char + valid.slice(i + 1)
                : how === 'insert'
                  ? valid.slice(0, i) + char + valid.slice(i)
                  : how === 'delete'
                    ? valid.slice(0, i) + valid.slice(i + 1)
                    : how === 'garbage'
                      ? char.repeat(1 + (at % 80))
                      : valid;
            const expected = (() => {
              try {
                verifySignature(header, raw, { keys: [shop.token], now: () => now });
                return 'ok';
              } catch (error) {
                if (error instanceof SignatureError) return error.code;
                throw error;
              }
            })();
            const before = await documentCount(service);
            const response = await signedSync(service.app, shop.token, 'posts', undefined, { raw, signature: header });
            expect(response.statusCode).toBeLessThan(500);
            if (expected === 'ok') {
              seen.accepted += 1;
              expect(response.statusCode).toBe(200);
              expect(await documentCount(service)).toBe(before + 1);
            } else {
              seen.refused += 1;
              expect(response.statusCode).toBe(401);
              expect(response.json()).toMatchObject({ code: expected, errors: {} });
              expect(await documentCount(service)).toBe(before);
            }
          },
        ),
        { numRuns: 60 },
      );
      // Both sides of the agreement were exercised, not only refusals.
      expect(seen.accepted).toBeGreaterThan(0);
      expect(seen.refused).toBeGreaterThan(0);
    },
    60_000,
  );

  routeTest('refuses a header sent twice (its parts add up to two timestamps), and a signature over another body', async ({ service, shop }) => {
    const raw = JSON.stringify({ items: [post(9_000_001)] });
    const valid = `t=${Math.floor(service.clock.now().getTime() / 1000)},v1=${hmac(shop.token, Math.floor(service.clock.now().getTime() / 1000), raw)}`;
    const before = await documentCount(service);
    const twice = await service.app.inject({
      method: 'POST',
      url: '/api/v1/wp/posts/sync',
      headers: { authorization: `Bearer ${shop.token}`, 'content-type': 'application/json', 'x-service-signature': [valid, valid] },
      payload: raw,
    });
    expect(twice.statusCode).toBe(401);
    expect(twice.json().code).toBe('invalid_signature');
    const swapped = await signedSync(service.app, shop.token, 'posts', undefined, { raw: raw.replace('9000001', '9000002'), signature: valid });
    expect(swapped.statusCode).toBe(401);
    expect(swapped.json().code).toBe('invalid_signature');
    expect(await documentCount(service)).toBe(before);
  });
});
