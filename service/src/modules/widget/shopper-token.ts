import { jwtVerify } from 'jose';
import type { ShopperBinding } from '../../db/schema.js';
import type { SiteRow } from '../sites/site-lookup.js';

/** Shopper tokens live at most 24 h (contract section 4). */
const MAX_LIFETIME_SECONDS = 24 * 60 * 60;

/**
 * Verifies a shopper token signed by a connected site with its shopper_signing_secret (or the
 * previous secret while its grace period lasts). Returns the binding, or a reason it is refused:
 * an invalid token is not an error for the visitor, who continues as a guest.
 */
export async function verifyShopperToken(token: string, site: SiteRow, now: Date): Promise<{ binding: ShopperBinding } | { refused: string }> {
  const secrets = [site.shopperSigningSecret];
  if (site.previousSigningSecret && site.previousSecretValidUntil && site.previousSecretValidUntil > now) {
    secrets.push(site.previousSigningSecret);
  }
  let lastReason = 'invalid signature';
  for (const secret of secrets) {
    try {
      const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
        algorithms: ['HS256'],
        requiredClaims: ['iat', 'exp'],
        currentDate: now,
      });
      if (payload.exp! - payload.iat! > MAX_LIFETIME_SECONDS) return { refused: 'lifetime over 24 hours' };
      const userId = payload.sub !== undefined ? Number(payload.sub) : undefined;
      if (userId !== undefined && (!Number.isSafeInteger(userId) || userId <= 0)) return { refused: 'sub is not a user id' };
      const sessionKey = typeof payload.sid === 'string' && payload.sid.length <= 200 ? payload.sid : undefined;
      const email = typeof payload.email === 'string' && payload.email.length <= 320 ? payload.email : undefined;
      return {
        binding: {
          site_id: site.id,
          expires_at: new Date(payload.exp! * 1000).toISOString(),
          ...(userId !== undefined ? { user_id: userId } : {}),
          ...(sessionKey ? { session_key: sessionKey } : {}),
          ...(email ? { email } : {}),
        },
      };
    } catch (error) {
      lastReason = (error as Error).message;
    }
  }
  return { refused: lastReason };
}
