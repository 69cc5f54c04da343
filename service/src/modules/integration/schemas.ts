import { z } from 'zod';
import { named, namedSchemas } from '../../lib/route-schema.js';
import { isHttpUrl } from '../../lib/urls.js';

/** Wire schemas of the plugin-to-service API (contract section 3). */

export const MAX_SYNC_ITEMS = 50;

const absoluteUrl = z.string().max(2048).refine(isHttpUrl, 'must be an absolute http(s) URL');
const wpId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoDate = z.iso.datetime({ offset: true, message: 'must be an ISO-8601 date-time' });
const bcp47 = z
  .string()
  .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/, 'must be a BCP-47 language tag such as en-US')
  .max(35);
const money = z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, 'must be a decimal string such as "19.90"');
const semverLike = z
  .string()
  .regex(/^\d+\.\d+(\.\d+)?([-+][0-9A-Za-z.-]+)?$/, 'must be a version such as 1.2.3')
  .max(64);

export const handshakeBody = named(
  'HandshakeRequest',
  z.object({
    site_url: absoluteUrl,
    plugin_version: semverLike,
    shop_plugin: z.object({ active: z.boolean(), version: z.string().max(64).nullish() }).default({ active: false }),
    platform_version: z.string().max(64).nullish(),
  }),
);
export type HandshakeBody = z.infer<typeof handshakeBody>;

export const postDocument = z.object({
  wp_id: wpId,
  post_type: z.string().min(1).max(64),
  permalink: absoluteUrl,
  title: z.string().max(1000),
  content_html: z.string().max(1_000_000).default(''),
  excerpt: z.string().max(20_000).nullish(),
  content_hash: z.string().min(1).max(128),
  modified_at: isoDate.nullish(),
  language: bcp47.nullish(),
  taxonomy_terms: z
    .array(z.object({ taxonomy: z.string().max(64), slug: z.string().max(200), name: z.string().max(200) }))
    .max(200)
    .default([]),
  // `deleted: true` items are read by deletedDocument; a full item is never a removal.
  deleted: z.literal(false).default(false),
});
export type PostDocument = z.infer<typeof postDocument>;

const stockStatus = z.enum(['instock', 'outofstock', 'onbackorder']);

/** One purchasable variation of a variable product: what it fixes ("Size: L"), its prices and stock. */
const productVariation = z.object({
  wp_id: wpId,
  sku: z.string().max(200).nullish(),
  attributes: z
    .array(z.object({ name: z.string().max(200), option: z.string().max(200) }))
    .max(20)
    .default([]),
  pricing: z.object({ price: money, regular_price: money.nullish(), sale_price: money.nullish() }),
  on_sale: z.boolean().default(false),
  sale_ends_at: isoDate.nullish(),
  stock_status: stockStatus,
  stock_quantity: z.number().int().nullish(),
});

export const productDocument = z.object({
  wp_id: wpId,
  sku: z.string().max(200).nullish(),
  name: z.string().min(1).max(1000),
  permalink: absoluteUrl,
  image_url: absoluteUrl.nullish(),
  description_html: z.string().max(1_000_000).default(''),
  short_description_html: z.string().max(100_000).default(''),
  pricing: z.object({
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO-4217 code such as EUR'),
    price: money.describe("The current price; for a variable product the lowest of its variations'"),
    regular_price: money.nullish(),
    sale_price: money.nullish(),
    min_price: money.nullish().describe('A variable product: the lowest current price of its variations'),
    max_price: money.nullish().describe('A variable product: the highest current price of its variations'),
  }),
  stock_status: stockStatus,
  stock_quantity: z.number().int().nullish(),
  on_sale: z.boolean().default(false),
  sale_ends_at: isoDate.nullish(),
  categories: z
    .array(z.object({ id: z.number().int(), slug: z.string().max(200), name: z.string().max(200) }))
    .max(100)
    .default([]),
  attributes: z
    .array(z.object({ name: z.string().max(200), options: z.array(z.string().max(200)).max(200) }))
    .max(100)
    .default([]),
  variations: z.array(productVariation).max(100).default([]),
  content_hash: z.string().min(1).max(128).nullish(),
  modified_at: isoDate.nullish(),
  language: bcp47.nullish(),
  deleted: z.literal(false).default(false),
});
export type ProductDocument = z.infer<typeof productDocument>;

/** A removal needs only the id: a plugin cannot always rebuild a deleted item's other fields. */
export const deletedDocument = z.object({ wp_id: wpId, deleted: z.literal(true) });
export type DeletedDocument = z.infer<typeof deletedDocument>;

/**
 * An item is checked against the removal schema when it says `deleted: true`, else the full one,
 * so that its errors name the fields of the one it meant. JSON Schema says the same with anyOf.
 */
function itemOrRemoval<T extends z.ZodType<{ wp_id: number }>>(full: T) {
  const item = z.unknown().transform((value, ctx): z.infer<T> | DeletedDocument => {
    const isRemoval = typeof value === 'object' && value !== null && (value as { deleted?: unknown }).deleted === true;
    const result = (isRemoval ? deletedDocument : full).safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ ...issue, path: issue.path } as Parameters<typeof ctx.addIssue>[0]);
      return z.NEVER;
    }
    return result.data as z.infer<T> | DeletedDocument;
  });
  const { anyOf } = z.toJSONSchema(z.union([full, deletedDocument]), { io: 'input', target: 'draft-2020-12' });
  namedSchemas.add(item, { anyOf });
  return item;
}

/** `{items: [...]}` with 1..50 items, each wp_id at most once (the result would be ambiguous). */
function syncBody<T extends z.ZodType<{ wp_id: number }>>(full: T) {
  return z.object({
    items: z
      .array(itemOrRemoval(full))
      .min(1, 'send at least one item')
      .max(MAX_SYNC_ITEMS, `send at most ${MAX_SYNC_ITEMS} items per request`)
      .superRefine((items, ctx) => {
        const seen = new Set<number>();
        items.forEach((entry, index) => {
          if (seen.has(entry.wp_id)) ctx.addIssue({ code: 'custom', path: [index, 'wp_id'], message: 'appears twice in this batch' });
          seen.add(entry.wp_id);
        });
      }),
  });
}

export const postsSyncBody = named('PostsSyncRequest', syncBody(postDocument));
export const productsSyncBody = named('ProductsSyncRequest', syncBody(productDocument));

/** A page of the hashes the service holds for the site: wp_id after `after_wp_id`, in order. */
export const documentHashesBody = named(
  'DocumentHashesRequest',
  z.object({
    kind: z.enum(['post', 'product']),
    after_wp_id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
    limit: z.number().int().min(1).max(1000).default(500),
  }),
);
export type DocumentHashesBody = z.infer<typeof documentHashesBody>;

/** A person's data, asked for by the site's privacy tools with the address they were given. */
export const personalDataBody = named('PersonalDataRequest', z.object({ email: z.email().max(320) }));

/** Responses (contract section 3). */

export const handshakeResponse = named(
  'HandshakeResponse',
  z.object({
    workspace: z.object({ id: z.uuid(), name: z.string() }),
    agents: z.array(z.object({ id: z.uuid(), name: z.string(), site_type: z.string(), published: z.boolean() })),
    token: z.object({
      id: z.uuid(),
      name: z.string(),
      abilities: z.array(z.string()),
      expires_at: z.iso.datetime({ offset: true }).nullable(),
      last_used_at: z.iso.datetime({ offset: true }),
    }),
    shopper_signing_secret: z.string().describe("sss_...: signs shopper tokens and the service's calls to the plugin"),
  }),
);

export const syncResponse = named(
  'SyncResponse',
  z.object({
    received: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    deleted: z.number().int(),
    results: z.array(z.object({ wp_id: z.number().int(), status: z.enum(['created', 'updated', 'unchanged', 'deleted']) })),
  }),
);

export const documentHashesResponse = named(
  'DocumentHashesResponse',
  z.object({
    items: z.array(z.object({ wp_id: z.number().int(), content_hash: z.string() })),
    has_more: z.boolean().describe('true when items after the last one remain: ask again with its wp_id as after_wp_id'),
  }),
);

export const personalDataExportResponse = named(
  'PersonalDataExportResponse',
  z.object({
    email: z.string(),
    leads: z.array(
      z.object({
        id: z.uuid(),
        agent_id: z.uuid(),
        conversation_id: z.uuid().nullable(),
        email: z.string(),
        name: z.string().nullable(),
        phone: z.string().nullable(),
        consent: z.record(z.string(), z.unknown()),
        fields: z.record(z.string(), z.unknown()),
        created_at: z.iso.datetime({ offset: true }),
      }),
    ),
    conversations: z.array(
      z.object({
        id: z.uuid(),
        agent_id: z.uuid(),
        created_at: z.iso.datetime({ offset: true }),
        messages: z.array(z.object({ role: z.enum(['user', 'assistant', 'team']), content: z.string(), created_at: z.iso.datetime({ offset: true }) })),
      }),
    ),
  }),
);

export const personalDataErasureResponse = named(
  'PersonalDataErasureResponse',
  z.object({
    email: z.string(),
    leads_removed: z.number().int(),
    conversations_removed: z.number().int(),
    messages_removed: z.number().int(),
  }),
);
