import { z } from 'zod';
import { stockPhrase } from './phrases.js';

/**
 * Rich blocks: structured cards shown next to the answer text. Every block is validated against
 * the schema of its kind before it leaves the runtime, so a tool bug (or a model-supplied value)
 * can never put an unexpected shape in front of the widget.
 */

export const BLOCK_KINDS = ['product_card', 'pricing_card', 'case_study_card', 'escalation_button', 'coupon_offer'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/** The only kinds the live widget renders (contract section 4); the rest are Playground previews. */
export const PRODUCTION_BLOCK_KINDS: readonly BlockKind[] = ['escalation_button', 'coupon_offer'];

const httpUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be an absolute http(s) URL');

/** Money stays a decimal string with its currency (contract: never a float). */
const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'must be a decimal string');
const currency = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO-4217 code');
const label = z.string().min(1).max(300);

const productCard = z.strictObject({
  id: z.string().min(1),
  name: label,
  url: httpUrl,
  image_url: httpUrl.nullable(),
  sku: z.string().max(100).nullable(),
  price: z.strictObject({
    currency,
    price: decimal,
    regular_price: decimal.nullable(),
    sale_price: decimal.nullable(),
    /** A variable product's range of prices ("99.00" to "130.00"); absent for one price. */
    min_price: decimal.optional(),
    max_price: decimal.optional(),
  }),
  on_sale: z.boolean(),
  stock_status: z.enum(['instock', 'outofstock', 'onbackorder']),
  stock_quantity: z.number().int().nullable(),
});

const pricingCard = z.strictObject({
  title: label,
  url: httpUrl,
  summary: z.string().max(600),
  /** Lines quoted verbatim from the synced page that carry an amount; never computed. */
  price_points: z.array(z.string().min(1).max(200)).max(8),
});

const caseStudyCard = z.strictObject({
  title: label,
  url: httpUrl,
  summary: z.string().max(600),
});

const escalationButton = z.strictObject({
  label,
  type: z.enum(['url', 'email', 'lead_form']),
  value: z.string().max(2048).nullable(),
  reason: z.string().max(300),
});

const couponOffer = z.strictObject({
  code: z.string().min(1).max(100),
  description: z.string().max(500),
});

export const blockSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('product_card'), data: productCard }),
  z.strictObject({ kind: z.literal('pricing_card'), data: pricingCard }),
  z.strictObject({ kind: z.literal('case_study_card'), data: caseStudyCard }),
  z.strictObject({ kind: z.literal('escalation_button'), data: escalationButton }),
  z.strictObject({ kind: z.literal('coupon_offer'), data: couponOffer }),
]);

export type Block = z.infer<typeof blockSchema>;

/** Parses a candidate block; undefined when it does not match its kind's schema. */
export function validateBlock(candidate: unknown): Block | undefined {
  const parsed = blockSchema.safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
}

export type BlockMode = 'production' | 'playground';

/**
 * Whether a block may be shown: its kind must be allowed for the site type, and production keeps
 * only what the live widget renders.
 */
export function isBlockShown(kind: BlockKind, allowed: readonly BlockKind[], mode: BlockMode): boolean {
  return allowed.includes(kind) && (mode === 'playground' || PRODUCTION_BLOCK_KINDS.includes(kind));
}

/**
 * A Markdown link to `url` labelled `label`, both taken from synced data: brackets leave the
 * label and parentheses and spaces are encoded in the target, so a product named
 * `x](javascript:...) [y` stays text instead of closing the label and opening a link of its own.
 */
export function markdownLink(label: string, url: string): string {
  return `[${label.replace(/[[\]]/g, '')}](${linkTarget(url)})`;
}

/**
 * A URL as a Markdown link target: parentheses and whitespace percent-encoded (encodeURIComponent
 * leaves parentheses as they are), so that no synced address can close the link early and start
 * another one ("…/p)[click](javascript:…)").
 */
export function linkTarget(url: string): string {
  return url.replace(/[()\s]/g, (character) => `%${character.codePointAt(0)?.toString(16).toUpperCase().padStart(2, '0') ?? ''}`);
}

/** "19.90 EUR", or a variable product's range, "99.00 – 130.00 EUR". */
export function priceText(price: { currency: string; price: string; min_price?: string | undefined; max_price?: string | undefined }): string {
  const range = price.min_price && price.max_price && price.min_price !== price.max_price ? `${price.min_price} – ${price.max_price}` : price.price;
  return `${range} ${price.currency}`;
}

/**
 * Markdown that carries a block's information in the answer text, for replies where the block
 * itself is not shown: the visitor still gets the product, plan or story with its link.
 */
export function blockFallbackText(block: Block, languageTag: string): string {
  switch (block.kind) {
    case 'product_card': {
      const { name, url, price, stock_status } = block.data;
      return `- ${markdownLink(name, url)}: ${priceText(price)} (${stockPhrase(languageTag, stock_status)})`;
    }
    case 'pricing_card': {
      const points = block.data.price_points.length > 0 ? `: ${block.data.price_points.join('; ')}` : '';
      return `- ${markdownLink(block.data.title, block.data.url)}${points}`;
    }
    case 'case_study_card':
      return `- ${markdownLink(block.data.title, block.data.url)}`;
    case 'escalation_button':
      return block.data.value ? `- ${block.data.label}: ${block.data.value}` : `- ${block.data.label}`;
    case 'coupon_offer':
      return `- ${block.data.code}: ${block.data.description}`;
  }
}

/** The URL a block links to, used to tell whether the answer text already mentions it. */
export function blockUrl(block: Block): string | undefined {
  return 'url' in block.data ? block.data.url : undefined;
}
