import { count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.js';
import type { Db } from '../../../db/client.js';
import { documents, sites } from '../../../db/schema.js';
import { sessionOf } from '../../auth/session-guard.js';
import { html, safeHref, type SafeHtml } from '../html.js';
import { emptyState, layout, pageFrame, sendHtml, time } from '../layout.js';

/** Connected WordPress sites, as their handshakes and syncs left them (read-only). */

const siteSummary = z.object({
  id: z.uuid(),
  site_url: z.string(),
  plugin_version: z.string(),
  platform_version: z.string().nullable(),
  shop: z.object({ active: z.boolean(), version: z.string().nullable() }),
  last_handshake_at: z.string(),
  last_sync_at: z.string().nullable(),
  documents: z.object({ posts: z.number().int(), products: z.number().int() }),
  last_sync_errors: z.array(z.object({ at: z.string(), kind: z.string(), message: z.string(), errors: z.record(z.string(), z.array(z.string())) })),
});
type SiteSummary = z.infer<typeof siteSummary>;

async function listSites(db: Db, workspaceId: string): Promise<SiteSummary[]> {
  const rows = await db.select().from(sites).where(eq(sites.workspaceId, workspaceId)).orderBy(desc(sites.lastHandshakeAt));
  const counts = await db
    .select({ siteId: documents.siteId, kind: documents.kind, n: count() })
    .from(documents)
    .where(eq(documents.workspaceId, workspaceId))
    .groupBy(documents.siteId, documents.kind);
  const countOf = (siteId: string, kind: 'post' | 'product') => counts.find((c) => c.siteId === siteId && c.kind === kind)?.n ?? 0;
  return rows.map((site) => ({
    id: site.id,
    site_url: site.siteUrl,
    plugin_version: site.pluginVersion,
    platform_version: site.platformVersion,
    shop: { active: site.shopActive, version: site.shopVersion },
    last_handshake_at: site.lastHandshakeAt.toISOString(),
    last_sync_at: site.lastSyncAt?.toISOString() ?? null,
    documents: { posts: countOf(site.id, 'post'), products: countOf(site.id, 'product') },
    last_sync_errors: site.lastSyncErrors,
  }));
}

export function siteApiRoutes(api: FastifyInstance, deps: AppDeps): void {
  api.get('/app/api/sites', { schema: { response: { 200: z.object({ sites: z.array(siteSummary) }) } } }, async (request) => ({
    sites: await listSites(deps.db, sessionOf(request).workspace.id),
  }));
}

export function sitePageRoutes(pages: FastifyInstance, deps: AppDeps): void {
  pages.get('/app/sites', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    const list = await listSites(deps.db, frame.session.workspace.id);
    return sendHtml(reply, layout(frame, { title: 'Sites', active: 'sites', body: sitesView(list) }));
  });
}

function sitesView(list: SiteSummary[]): SafeHtml {
  return html`<div class="page-head"><h1>Sites</h1></div>
  <p class="hint">A WordPress site appears here once its plugin connects with an API token that has the wp:integration ability.</p>
  ${
    list.length === 0
      ? emptyState('No site has connected yet.')
      : list.map(
          (site) => html`<section class="card">
          <h2><a href="${safeHref(site.site_url)}" rel="noopener noreferrer" target="_blank">${site.site_url}</a></h2>
          <dl class="facts">
            <div><dt>Plugin</dt><dd>${site.plugin_version}</dd></div>
            <div><dt>WordPress</dt><dd>${site.platform_version ?? '—'}</dd></div>
            <div><dt>Shop</dt><dd>${site.shop.active ? html`<span class="badge ok">WooCommerce ${site.shop.version ?? ''}</span>` : html`<span class="badge">inactive</span>`}</dd></div>
            <div><dt>Last handshake</dt><dd>${time(site.last_handshake_at)}</dd></div>
            <div><dt>Last sync</dt><dd>${time(site.last_sync_at)}</dd></div>
            <div><dt>Documents</dt><dd>${site.documents.posts} posts and pages, ${site.documents.products} products</dd></div>
          </dl>
          ${
            site.last_sync_errors.length === 0
              ? html`<p class="muted">No sync errors.</p>`
              : html`<h3>Last sync errors</h3><ul class="errors">${site.last_sync_errors.map(
                  (error) =>
                    html`<li>${time(error.at)} · ${error.kind}: ${error.message}${Object.entries(error.errors).map(
                      ([key, messages]) => html`<br><code>${key}</code> ${messages.join('; ')}`,
                    )}</li>`,
                )}</ul>`
          }
        </section>`,
        )
  }`;
}
