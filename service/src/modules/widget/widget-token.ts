import { createHmac, hkdfSync, randomUUID, type webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify } from 'jose';
import { AppError } from '../../lib/errors.js';

type CryptoKey = webcrypto.CryptoKey;

/** Widget JWT lifetime (spec 5): a new conversation or an expired token needs a fresh init. */
export const WIDGET_TOKEN_TTL_SECONDS = 60 * 60;
const AUDIENCE = 'widget';

export interface WidgetClaims {
  visitorId: string;
  conversationId: string;
  agentId: string;
  tokenId: string;
  /** The visitor's locale given at init, kept for the conversation the token creates on first use. */
  locale?: string;
}

function widgetKeyBytes(appSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', appSecret, 'storefront-assistant', 'widget-jwt-v1', 32));
}

/** Imported once: handing jose raw bytes would import the key again on every verify. */
function verificationKey(keyBytes: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
}

/** The protected header of every widget token, encoded once. */
const ENCODED_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/**
 * A compact JWS, HS256 (RFC 7515 section 7.1): the same bytes jose's SignJWT produces, computed with
 * node:crypto's synchronous HMAC. jose signs through WebCrypto, whose per-call job, argument
 * conversions and promise made signing 40 % of init's time (every page view of every shop
 * calls init); verification stays with jose, where the pinned algorithm list lives.
 */
function signHs256(payload: Record<string, unknown>, key: Buffer): string {
  const signingInput = `${ENCODED_HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${signingInput}.${createHmac('sha256', key).update(signingInput).digest('base64url')}`;
}

/**
 * Issues and verifies the widget's bearer token: HS256 only (an `alg: none` or RS/HS confusion
 * token is refused by the pinned algorithm list), with audience, issuer and expiry required.
 * The key is derived from APP_SECRET for this one purpose, so it signs nothing else. While
 * APP_SECRET is being rotated, tokens signed with the previous secret stay valid until they
 * expire, so instances restarted one by one never turn away each other's visitors.
 */
export class WidgetTokens {
  private readonly signingKey: Buffer;
  private readonly key: Promise<CryptoKey>;
  private readonly previousKey: Promise<CryptoKey> | undefined;

  constructor(
    appSecret: string,
    private readonly issuer: string,
    private readonly now: () => Date,
    previousAppSecret?: string,
  ) {
    const keyBytes = widgetKeyBytes(appSecret);
    this.signingKey = Buffer.from(keyBytes);
    this.key = verificationKey(keyBytes);
    this.previousKey = previousAppSecret ? verificationKey(widgetKeyBytes(previousAppSecret)) : undefined;
  }

  issue(claims: Omit<WidgetClaims, 'tokenId'>): { token: string; expiresAt: Date } {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    const expiresAt = issuedAt + WIDGET_TOKEN_TTL_SECONDS;
    const token = signHs256(
      {
        cid: claims.conversationId,
        aid: claims.agentId,
        ...(claims.locale ? { loc: claims.locale } : {}),
        iss: this.issuer,
        aud: AUDIENCE,
        sub: claims.visitorId,
        jti: randomUUID(),
        iat: issuedAt,
        exp: expiresAt,
      },
      this.signingKey,
    );
    return { token, expiresAt: new Date(expiresAt * 1000) };
  }

  async verify(authorization: string | undefined): Promise<WidgetClaims> {
    const token = /^Bearer\s+([\w-]+\.[\w-]*\.[\w-]*)\s*$/i.exec(authorization ?? '')?.[1];
    if (!token) throw new AppError('unauthenticated', 'A widget token is required (Authorization: Bearer <token from init>)');
    const verifyWith = async (key: Promise<CryptoKey>) =>
      jwtVerify(token, await key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        issuer: this.issuer,
        requiredClaims: ['exp', 'iat', 'sub', 'jti'],
        currentDate: this.now(),
      });
    try {
      const { payload } = await verifyWith(this.key).catch((error: unknown) => {
        if (this.previousKey && error instanceof joseErrors.JWSSignatureVerificationFailed) return verifyWith(this.previousKey);
        throw error;
      });
      const { cid, aid, sub, jti, loc } = payload as { cid?: unknown; aid?: unknown; sub?: unknown; jti?: unknown; loc?: unknown };
      if (typeof cid !== 'string' || typeof aid !== 'string' || typeof sub !== 'string' || typeof jti !== 'string') {
        throw new AppError('unauthenticated', 'The widget token is missing claims');
      }
      return { visitorId: sub, conversationId: cid, agentId: aid, tokenId: jti, ...(typeof loc === 'string' ? { locale: loc } : {}) };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new AppError('token_expired', 'The widget token has expired; call init again');
      throw new AppError('unauthenticated', 'The widget token is not valid');
    }
  }
}
