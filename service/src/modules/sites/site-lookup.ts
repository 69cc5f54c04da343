import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sites } from '../../db/schema.js';

export type SiteRow = typeof sites.$inferSelect;

/**
 * The connected site an agent acts on. A conversation bound to a shopper uses that shopper's
 * site; otherwise the workspace's site whose origin the agent is embedded on, else the site that
 * handshook most recently. Always scoped to the agent's workspace.
 */
export async function siteForAgent(
  db: Db,
  agent: { workspaceId: string; allowedOrigins: readonly string[] },
  preferredSiteId?: string,
): Promise<SiteRow | undefined> {
  const rows = await db.select().from(sites).where(eq(sites.workspaceId, agent.workspaceId)).orderBy(desc(sites.lastHandshakeAt));
  if (preferredSiteId) return rows.find((site) => site.id === preferredSiteId);
  const origins = new Set(agent.allowedOrigins.map(originOf));
  return rows.find((site) => origins.has(originOf(site.siteUrl))) ?? rows[0];
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}
