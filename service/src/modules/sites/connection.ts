import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agents, documents, sites, workspaces, type SyncErrorRecord } from '../../db/schema.js';
import { randomSecret, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { normalizeSiteUrl } from '../../lib/urls.js';
import type { AuthenticatedToken } from '../auth/api-tokens.js';
import { htmlToSections, type TextSection } from '../knowledge/html-text.js';
import { applyDocuments, type DocumentRemoval, type IndexableDocument, type IndexResult } from '../knowledge/indexer.js';
import type { DeletedDocument, DocumentHashesBody, HandshakeBody, PostDocument, ProductDocument } from '../integration/schemas.js';

/**
 * The site's side of the WordPress connection, as the service receives it: the handshake that
 * connects a site to a workspace, content syncs that become knowledge, the content hashes the
 * daily reconciliation compares, and the record of a sync that failed. The other direction (the
 * service calling the plugin) is site-client.ts; the HTTP routes are integration/routes.ts.
 */

/** How long the previous shopper_signing_secret stays valid after a re-handshake. */
export const PREVIOUS_SECRET_GRACE_MS = 10 * 60 * 1000;

export function compareVersions(a: string, b: string): number {
  const parse = (v: string) =>
    v
      .split(/[-+]/)[0]!
      .split('.')
      .map((part) => Number(part) || 0);
  const [left, right] = [parse(a), parse(b)];
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

export async function handshake(
  db: Db,
  token: AuthenticatedToken,
  body: HandshakeBody,
  options: { minPluginVersion: string; now: Date; checkSiteUrl: (url: string) => Promise<void> },
) {
  if (compareVersions(body.plugin_version, options.minPluginVersion) < 0) {
    throw new AppError('plugin_outdated', `Plugin version ${body.plugin_version} is too old; update the plugin to ${options.minPluginVersion} or newer`, {
      errors: { plugin_version: [`must be ${options.minPluginVersion} or newer`] },
    });
  }
  const siteUrl = normalizeSiteUrl(body.site_url);
  if (!siteUrl)
    throw new AppError('validation_failed', 'The site URL is not valid', { errors: { site_url: ['must be an http(s) URL without query or fragment'] } });
  await options.checkSiteUrl(siteUrl);

  const secret = `sss_${randomSecret(32)}`;
  return db.transaction(async (tx) => {
    const [workspace] = await tx.select().from(workspaces).where(eq(workspaces.id, token.workspaceId));
    if (!workspace) throw new AppError('unauthenticated', 'The API token belongs to no workspace');
    const [current] = await tx
      .select()
      .from(sites)
      .where(and(eq(sites.workspaceId, token.workspaceId), eq(sites.siteUrl, siteUrl)))
      .for('update');
    const fields = {
      tokenId: token.id,
      pluginVersion: body.plugin_version,
      platformVersion: body.platform_version ?? null,
      shopActive: body.shop_plugin.active,
      shopVersion: body.shop_plugin.version ?? null,
      shopperSigningSecret: secret,
      lastHandshakeAt: options.now,
    };
    if (current) {
      await tx
        .update(sites)
        .set({
          ...fields,
          previousSigningSecret: current.shopperSigningSecret,
          previousSecretValidUntil: new Date(options.now.getTime() + PREVIOUS_SECRET_GRACE_MS),
        })
        .where(eq(sites.id, current.id));
    } else {
      await tx.insert(sites).values({ id: randomUUID(), workspaceId: token.workspaceId, siteUrl, ...fields });
    }
    const agentRows = await tx
      .select({ id: agents.id, name: agents.name, siteType: agents.siteType, published: agents.published })
      .from(agents)
      .where(eq(agents.workspaceId, token.workspaceId))
      .orderBy(agents.createdAt);
    return {
      workspace: { id: workspace.id, name: workspace.name },
      agents: agentRows.map((a) => ({ id: a.id, name: a.name, site_type: a.siteType, published: a.published })),
      token: {
        id: token.id,
        name: token.name,
        abilities: token.abilities,
        expires_at: token.expiresAt?.toISOString() ?? null,
        last_used_at: token.lastUsedAt.toISOString(),
      },
      shopper_signing_secret: secret,
    };
  });
}

/** The site this token connected most recently: a token syncs for the site it shook hands as. */
async function latestSiteOfToken(db: Db, token: AuthenticatedToken) {
  const [site] = await db
    .select({ id: sites.id, workspaceId: sites.workspaceId, errors: sites.lastSyncErrors })
    .from(sites)
    .where(and(eq(sites.tokenId, token.id), eq(sites.workspaceId, token.workspaceId)))
    .orderBy(desc(sites.lastHandshakeAt))
    .limit(1);
  return site;
}

async function siteForToken(db: Db, token: AuthenticatedToken) {
  const site = await latestSiteOfToken(db, token);
  if (!site) throw new AppError('site_not_connected', 'No site is connected with this token; call the handshake first');
  return site;
}

/** Keeps the last few refused batches on the site, for the dashboard's Sites page. */
export async function recordSyncErrors(db: Db, token: AuthenticatedToken, kind: 'post' | 'product', error: AppError, now: Date): Promise<void> {
  const site = await latestSiteOfToken(db, token);
  if (!site) return;
  const entry: SyncErrorRecord = { at: now.toISOString(), kind, message: error.message, errors: error.errors };
  await db
    .update(sites)
    .set({ lastSyncErrors: [entry, ...site.errors].slice(0, 10) })
    .where(eq(sites.id, site.id));
}

function postToIndexable(item: PostDocument): IndexableDocument {
  return {
    wpId: item.wp_id,
    postType: item.post_type,
    title: item.title,
    permalink: item.permalink,
    language: item.language ?? null,
    contentHash: item.content_hash,
    modifiedAt: item.modified_at ? new Date(item.modified_at) : null,
    deleted: item.deleted,
    sections: () => {
      const sections = htmlToSections(item.content_html);
      if (sections.length === 0 && item.excerpt) sections.push(...htmlToSections(item.excerpt));
      const topics = item.taxonomy_terms.map((term) => term.name).filter(Boolean);
      if (topics.length > 0) sections.push({ heading: null, text: topics.join(', ') });
      return sections;
    },
    data: { excerpt: item.excerpt ?? null, taxonomy_terms: item.taxonomy_terms },
  };
}

function productToIndexable(item: ProductDocument): IndexableDocument {
  return {
    wpId: item.wp_id,
    postType: 'product',
    title: item.name,
    permalink: item.permalink,
    language: item.language ?? null,
    // Without the plugin's hash, hash the whole item: a price change must reach the index too.
    contentHash: item.content_hash ?? sha256Hex(JSON.stringify(item)),
    modifiedAt: item.modified_at ? new Date(item.modified_at) : null,
    deleted: item.deleted,
    sections: (): TextSection[] => {
      const facts = [
        item.name,
        item.sku ? `SKU ${item.sku}` : '',
        item.categories.map((c) => c.name).join(', '),
        // One line per attribute, so that an answer can quote "Colour: Navy, Mustard" alone.
        ...item.attributes.map((a) => `${a.name}: ${a.options.join(', ')}`),
      ].filter(Boolean);
      return [{ heading: null, text: facts.join('\n') }, ...htmlToSections(item.short_description_html), ...htmlToSections(item.description_html)];
    },
    // Prices and stock stay structured: answers quote these fields, never the text.
    data: {
      sku: item.sku ?? null,
      image_url: item.image_url ?? null,
      pricing: item.pricing,
      stock_status: item.stock_status,
      stock_quantity: item.stock_quantity ?? null,
      on_sale: item.on_sale,
      sale_ends_at: item.sale_ends_at ?? null,
      categories: item.categories,
      attributes: item.attributes,
      ...(item.variations.length > 0 ? { variations: item.variations } : {}),
    },
  };
}

export interface SyncResponse {
  received: number;
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
  results: { wp_id: number; status: IndexResult['status'] }[];
}

/** Writes a validated batch in one transaction: all of it lands, or none of it. */
export async function syncDocuments(
  db: Db,
  token: AuthenticatedToken,
  batch: { kind: 'post'; items: (PostDocument | DeletedDocument)[] } | { kind: 'product'; items: (ProductDocument | DeletedDocument)[] },
  now: Date,
): Promise<SyncResponse> {
  const site = await siteForToken(db, token);
  const removal = (item: DeletedDocument): DocumentRemoval => ({ wpId: item.wp_id, deleted: true });
  const indexable =
    batch.kind === 'post'
      ? batch.items.map((item) => (item.deleted ? removal(item) : postToIndexable(item)))
      : batch.items.map((item) => (item.deleted ? removal(item) : productToIndexable(item)));
  const results = await db.transaction(async (tx) => {
    const applied = await applyDocuments(tx, { workspaceId: site.workspaceId, siteId: site.id }, batch.kind, indexable);
    await tx.update(sites).set({ lastSyncAt: now }).where(eq(sites.id, site.id));
    return applied;
  });
  const count = (status: IndexResult['status']) => results.filter((r) => r.status === status).length;
  return {
    received: results.length,
    created: count('created'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    deleted: count('deleted'),
    results: results.map((r) => ({ wp_id: r.wpId, status: r.status })),
  };
}

/**
 * What the service holds of the token's site, as (wp_id, content_hash) pairs in wp_id order, a
 * page at a time: the plugin's reconciliation compares them with its own content and sends again
 * what differs.
 */
export async function documentHashes(db: Db, token: AuthenticatedToken, body: DocumentHashesBody) {
  const site = await siteForToken(db, token);
  const rows = await db
    .select({ wp_id: documents.wpId, content_hash: documents.contentHash })
    .from(documents)
    .where(and(eq(documents.siteId, site.id), eq(documents.kind, body.kind), gt(documents.wpId, body.after_wp_id)))
    .orderBy(asc(documents.wpId))
    .limit(body.limit + 1);
  return { items: rows.slice(0, body.limit), has_more: rows.length > body.limit };
}
