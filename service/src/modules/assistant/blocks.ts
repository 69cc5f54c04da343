import { PRODUCTION_BLOCK_KINDS, blockSchema, type Block, type BlockKind } from '../../contract/blocks.js';
import { stockPhrase } from './phrases.js';

/**
 * Rich blocks: structured cards shown next to the answer text. Their kinds and schemas are part of
 * the contract (contract/blocks.ts); here, how the runtime checks, filters and falls back on them.
 */

export { BLOCK_KINDS, PRODUCTION_BLOCK_KINDS, blockSchema, type Block, type BlockKind } from '../../contract/blocks.js';

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
