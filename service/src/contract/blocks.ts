import { z } from 'zod';

/**
 * Rich blocks: structured cards shown next to the answer text (contract section 4), in the
 * stream's `block` events and in stored messages. Every block is validated against the schema of
 * its kind before it leaves the runtime, so a tool bug (or a model-supplied value) can never put
 * an unexpected shape in front of the widget. Pure zod, no Node: the typed client, the widget and
 * the Playground take their block types from here.
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
