import { createHmac } from 'node:crypto';
import { AppError } from './errors.js';
import { constantTimeEqual } from './crypto.js';

/**
 * The request signature used in both directions between the service and a site:
 *   X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(key, "<t>.<raw body>")>
 * Several v1 values may be present (key rotation); one match is enough.
 */
export const SIGNATURE_HEADER = 'x-service-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface ParsedSignatureHeader {
  timestamp: number;
  signatures: string[];
}

export type SignatureFailure = 'missing' | 'malformed' | 'no_signature' | 'expired' | 'mismatch';

export class SignatureError extends AppError {
  readonly reason: SignatureFailure;
  constructor(reason: SignatureFailure, message: string) {
    super(reason === 'expired' ? 'signature_expired' : 'invalid_signature', message);
    this.reason = reason;
  }
}

export function computeSignature(key: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac('sha256', key).update(`${timestamp}.`).update(rawBody).digest('hex');
}

export function signatureHeader(key: string, rawBody: string | Buffer, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${computeSignature(key, timestamp, rawBody)}`;
}

/**
 * Strict parsing: comma-separated `k=v` pairs, exactly one integer `t`, any number of 64-hex `v1`.
 * Unknown schemes (v0, v2...) are ignored so that a future scheme can be sent alongside v1.
 */
export function parseSignatureHeader(header: string | undefined): ParsedSignatureHeader {
  if (header === undefined || header.trim() === '') {
    throw new SignatureError('missing', 'The X-Service-Signature header is missing');
  }
  if (header.length > 2048) throw new SignatureError('malformed', 'The X-Service-Signature header is too long');
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new SignatureError('malformed', 'The X-Service-Signature header is malformed');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) {
        throw new SignatureError('malformed', 'The X-Service-Signature timestamp is malformed');
      }
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/i.test(value)) throw new SignatureError('malformed', 'A v1 signature is not 64 hex characters');
      signatures.push(value.toLowerCase());
    }
  }
  if (timestamp === undefined) throw new SignatureError('malformed', 'The X-Service-Signature header has no timestamp');
  if (signatures.length === 0) throw new SignatureError('no_signature', 'The X-Service-Signature header has no v1 signature');
  return { timestamp, signatures };
}

export interface VerifyOptions {
  /** Keys accepted; more than one during a secret rotation. */
  keys: string[];
  toleranceSeconds?: number;
  /** Injected clock (unix seconds) so tests can move time. */
  now?: () => number;
}

/** Verifies the raw bytes as received, before any JSON parsing. Throws SignatureError. */
export function verifySignature(header: string | undefined, rawBody: string | Buffer, options: VerifyOptions): void {
  const { timestamp, signatures } = parseSignatureHeader(header);
  const now = options.now ? options.now() : Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  if (Math.abs(now - timestamp) > tolerance) {
    throw new SignatureError('expired', `The signature timestamp is more than ${tolerance} seconds from the current time`);
  }
  // Check every candidate without returning early, so the time taken does not say which matched.
  let matched = false;
  for (const key of options.keys) {
    const expected = computeSignature(key, timestamp, rawBody);
    for (const candidate of signatures) {
      if (constantTimeEqual(expected, candidate)) matched = true;
    }
  }
  if (!matched) throw new SignatureError('mismatch', 'The signature does not match the request body');
}
