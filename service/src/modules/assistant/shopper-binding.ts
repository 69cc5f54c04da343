import type { ShopperBinding } from '../../db/schema.js';

/**
 * The shopper a conversation acts for at `now`: its binding while the shopper token that made it
 * is valid, else none. A binding without an expiry (stored before bindings carried one) is not
 * trusted. Init rebuilds the binding from a fresh token every time (see widget/routes.ts).
 */
export function activeShopper(binding: ShopperBinding | null | undefined, now: Date): ShopperBinding | null {
  if (!binding?.expires_at) return null;
  const expires = Date.parse(binding.expires_at);
  return Number.isFinite(expires) && expires > now.getTime() ? binding : null;
}
