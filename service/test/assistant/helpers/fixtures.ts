import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../src/db/client.js';
import { agents, conversations, messages, sites, workspaces, type ShopperBinding, type SiteType } from '../../../src/db/schema.js';
import { htmlToSections } from '../../../src/modules/knowledge/html-text.js';
import { applyDocuments, type IndexableDocument } from '../../../src/modules/knowledge/indexer.js';
import type { AgentRow } from '../../../src/modules/agents/store.js';
import type { ConversationRow } from '../../../src/modules/conversations/store.js';

/** Rows for runtime tests, written straight into the real (PGlite) database. */

export interface Shop {
  workspaceId: string;
  siteId: string;
  agent: AgentRow;
}

export async function createShop(
  db: Db,
  options: { siteUrl?: string; secret?: string; agent?: Partial<typeof agents.$inferInsert>; siteType?: SiteType } = {},
): Promise<Shop> {
  const workspaceId = randomUUID();
  await db.insert(workspaces).values({ id: workspaceId, name: 'Test shop' });
  const siteId = randomUUID();
  await db.insert(sites).values({
    id: siteId,
    workspaceId,
    siteUrl: options.siteUrl ?? 'https://shop.example',
    pluginVersion: '1.0.0',
    shopActive: true,
    shopperSigningSecret: options.secret ?? 'sss_test_secret',
  });
  const [agent] = await db
    .insert(agents)
    .values({
      id: randomUUID(),
      workspaceId,
      name: 'Shop assistant',
      siteType: options.siteType ?? 'ecommerce',
      allowedOrigins: ['https://shop.example'],
      coupons: [{ code: 'SPRING10', description: '10% off your first order' }],
      ...options.agent,
    })
    .returning();
  if (!agent) throw new Error('agent not created');
  return { workspaceId, siteId, agent };
}

export async function createConversation(
  db: Db,
  shop: Shop,
  options: { playground?: boolean; shopper?: ShopperBinding | null; locale?: string | null } = {},
): Promise<ConversationRow> {
  const [row] = await db
    .insert(conversations)
    .values({
      id: randomUUID(),
      workspaceId: shop.workspaceId,
      agentId: shop.agent.id,
      visitorId: randomUUID(),
      isPlayground: options.playground ?? false,
      locale: options.locale ?? null,
      shopper: options.shopper ?? null,
    })
    .returning();
  if (!row) throw new Error('conversation not created');
  return row;
}

export async function conversationRow(db: Db, id: string): Promise<ConversationRow> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  if (!row) throw new Error('conversation missing');
  return row;
}

export async function messagesOf(db: Db, conversationId: string) {
  return db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(messages.seq);
}

export interface PostFixture {
  wpId: number;
  title: string;
  html: string;
  url?: string;
  language?: string;
}

/** Indexed through the knowledge module's real indexer, as a posts/sync would. */
export async function indexPosts(db: Db, shop: Shop, posts: readonly PostFixture[]): Promise<void> {
  const docs: IndexableDocument[] = posts.map((post) => ({
    wpId: post.wpId,
    postType: 'post',
    title: post.title,
    permalink: post.url ?? `https://shop.example/?p=${post.wpId}`,
    language: post.language ?? 'en',
    contentHash: `hash-${post.wpId}-${post.html.length}`,
    modifiedAt: null,
    deleted: false,
    sections: () => htmlToSections(post.html),
    data: {},
  }));
  await applyDocuments(db, { workspaceId: shop.workspaceId, siteId: shop.siteId }, 'post', docs);
}

export interface ProductFixture {
  wpId: number;
  name: string;
  description: string;
  price: string;
  regularPrice?: string;
  currency?: string;
  stock?: 'instock' | 'outofstock' | 'onbackorder';
  sku?: string;
  language?: string;
  /** The shop's address the permalink is under (default https://shop.example). */
  siteUrl?: string;
}

export async function indexProducts(db: Db, shop: Shop, products: readonly ProductFixture[]): Promise<void> {
  const docs: IndexableDocument[] = products.map((p) => ({
    wpId: p.wpId,
    postType: 'product',
    title: p.name,
    permalink: `${p.siteUrl ?? 'https://shop.example'}/product/${p.wpId}`,
    language: p.language ?? 'en',
    contentHash: `phash-${p.wpId}-${p.price}`,
    modifiedAt: null,
    deleted: false,
    sections: () => [{ heading: null, text: `${p.name}\n${p.description}` }],
    data: {
      sku: p.sku ?? `SKU-${p.wpId}`,
      image_url: `https://shop.example/img/${p.wpId}.jpg`,
      pricing: { currency: p.currency ?? 'EUR', price: p.price, regular_price: p.regularPrice ?? p.price, sale_price: p.regularPrice ? p.price : '' },
      stock_status: p.stock ?? 'instock',
      stock_quantity: 7,
      on_sale: p.regularPrice !== undefined,
      categories: [],
      attributes: [],
    },
  }));
  await applyDocuments(db, { workspaceId: shop.workspaceId, siteId: shop.siteId }, 'product', docs);
}

/** All events of a turn, in order. */
export async function collect<T>(events: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const event of events) all.push(event);
  return all;
}
