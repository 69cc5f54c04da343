import { hkdfSync, randomUUID, type webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
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

/** Imported once: handing jose raw bytes would import the key again on every sign and verify. */
function widgetKey(appSecret: string): Promise<CryptoKey> {
  const raw = new Uint8Array(hkdfSync('sha256', appSecret, 'storefront-assistant', 'widget-jwt-v1', 32));
  return crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/**
 * Issues and verifies the widget's bearer token: HS256 only (an `alg: none` or RS/HS confusion
 * token is refused by the pinned algorithm list), with audience, issuer and expiry required.
 * The key is derived from APP_SECRET for this one purpose, so it signs nothing else. While
 * APP_SECRET is being rotated, tokens signed with the previous secret stay valid until they
 * expire, so instances restarted one by one never turn away each other's visitors.
 */
export class WidgetTokens {
  private readonly key: Promise<CryptoKey>;
  private readonly previousKey: Promise<CryptoKey> | undefined;

  constructor(
    appSecret: string,
    private readonly issuer: string,
    private readonly now: () => Date,
    previousAppSecret?: string,
  ) {
    this.key = widgetKey(appSecret);
    this.previousKey = previousAppSecret ? widgetKey(previousAppSecret) : undefined;
  }

  async issue(claims: Omit<WidgetClaims, 'tokenId'>): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    const expiresAt = new Date((issuedAt + WIDGET_TOKEN_TTL_SECONDS) * 1000);
    const token = await new SignJWT({ cid: claims.conversationId, aid: claims.agentId, ...(claims.locale ? { loc: claims.locale } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(AUDIENCE)
      .setSubject(claims.visitorId)
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + WIDGET_TOKEN_TTL_SECONDS)
      .sign(await this.key);
    return { token, expiresAt };
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
