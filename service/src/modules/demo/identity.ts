import { normalizeSiteUrl } from '../../lib/urls.js';

/**
 * Fixed ids make the seed idempotent without any bookkeeping: a second start finds the demo
 * workspace and agent where the first one put them, and /demo knows which agent to embed.
 */
export const DEMO_WORKSPACE_ID = 'de000000-0000-4000-8000-000000000001';
export const DEMO_AGENT_ID = 'de000000-0000-4000-8000-000000000002';
export const DEMO_OWNER_EMAIL = 'demo@example.com';
/** The integration token the seed syncs with, as the demo shop's plugin. */
export const DEMO_TOKEN_NAME = 'Demo store catalog';

/** The demo store is a "site" of its own, living under /demo of the service. */
export function demoSiteUrl(publicBaseUrl: string): string {
  const url = normalizeSiteUrl(`${publicBaseUrl}/demo`);
  if (!url) throw new Error(`PUBLIC_BASE_URL ${publicBaseUrl} gives no valid demo site URL`);
  return url;
}
