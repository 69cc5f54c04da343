import { tool, zodSchema, type ToolSet } from 'ai';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { ShopperBinding } from '../../db/schema.js';
import { isAppError } from '../../lib/errors.js';
import type { AgentRow } from '../agents/store.js';
import { contentProfileOf } from '../knowledge/products.js';
import { browseProducts, hasFilters, searchKnowledge, type ProductFilters, type SearchHit } from '../knowledge/search.js';
import { SiteClient, type Order, type OrderLookupQuery } from '../sites/site-client.js';
import { siteForAgent } from '../sites/site-lookup.js';
import type { AddressPolicy } from '../sites/address-policy.js';
import { validateBlock, type Block } from './blocks.js';
import { sortedByMeasures } from './measured-products.js';
import { DEFAULT_ORDER_LOOKUP_LIMITS, releaseOrderLookupMiss, reserveOrderLookupMiss, type OrderLookupLimits } from './order-lookup-limits.js';
import { phrase } from './phrases.js';
import { snippetOf } from './retrieval.js';
import { measureConditionsIn, withoutMeasureConditions } from './understanding/measures.js';
import { productTerms, relevantProducts } from './understanding/product-request.js';
import { phraseEquivalents } from './understanding/shop-topics.js';
import { asciiDigits, type MessageFacts } from './visitor-facts.js';

/**
 * The tools the model may call. Each tool decides for itself what it is allowed to do from facts
 * the runtime established (the verified shopper, what the visitor typed, the agent's settings),
 * never from its arguments alone: a model talked into asking for someone else's order by text in
 * a synced post or on the page gets a refusal, not the order.
 */

export const TOOL_NAMES = ['search_knowledge', 'show_products', 'lookup_order', 'offer_coupon', 'escalate', 'show_pricing', 'show_case_study'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export const TOOL_DESCRIPTIONS: Readonly<Record<ToolName, string>> = {
  search_knowledge:
    "Search the website content (pages, posts, products) for passages about a topic. Write the query yourself, in the language of the website's content (translate the visitor's words), as a few keywords. Optional filters (min_price, max_price, in_stock, on_sale, category) restrict the results to matching products. Returns titles, links and snippets.",
  show_products:
    'Find products in the synced catalog and show them as product cards with name, price, stock, image and link. Use for any product, price or availability question. Write the query in the language of the catalog; pass min_price / max_price / in_stock / on_sale / category when the visitor gives such conditions, and sort price_asc / price_desc for the cheapest / most expensive.',
  lookup_order:
    "Look up the visitor's orders. Without arguments it uses the signed-in shopper's account. Otherwise pass the order number and the email address the visitor typed in this conversation.",
  offer_coupon: 'Offer the visitor one of the coupons configured for this assistant, shown as a coupon card.',
  escalate: 'Offer the visitor a way to reach a human (button). Use when asked for a person, or when you cannot answer.',
  show_pricing: 'Show a pricing card built from the pricing page of the website.',
  show_case_study: 'Show a customer story (case study) from the website as a card.',
};

/**
 * Input schemas, built once: the AI SDK converts each to JSON Schema on first use and keeps the
 * result, instead of converting on every turn.
 */
const optionalQuery = z.object({ query: z.string().max(300).optional() });
const filterFields = {
  min_price: z.number().nonnegative().max(1e9).optional(),
  max_price: z.number().nonnegative().max(1e9).optional(),
  in_stock: z.boolean().optional(),
  on_sale: z.boolean().optional(),
  category: z.string().max(100).optional(),
};
type FilterInput = {
  min_price?: number | undefined;
  max_price?: number | undefined;
  in_stock?: boolean | undefined;
  on_sale?: boolean | undefined;
  category?: string | undefined;
};
const INPUT = {
  search_knowledge: zodSchema(z.object({ query: z.string().min(1).max(500), ...filterFields })),
  show_products: zodSchema(
    z.object({
      query: z.string().max(300).default(''),
      limit: z.number().int().min(1).max(4).optional(),
      sort: z.enum(['relevance', 'price_asc', 'price_desc']).optional(),
      ...filterFields,
    }),
  ),
  // No user id parameter: which account is looked up is not the model's decision.
  lookup_order: zodSchema(z.object({ order_number: z.string().max(40).optional(), email: z.string().max(320).optional() })),
  offer_coupon: zodSchema(z.object({ code: z.string().max(100).optional() })),
  escalate: zodSchema(z.object({ reason: z.string().max(300).optional() })),
  show_pricing: zodSchema(optionalQuery),
  show_case_study: zodSchema(optionalQuery),
};

export interface ToolContext {
  db: Db;
  agent: AgentRow;
  /** Set only from a verified shopper token at init; never from anything the model says. */
  shopper: ShopperBinding | null;
  languageTag: string;
  /**
   * The facts of what the visitor typed in this conversation (the current message included),
   * computed when each message was stored.
   */
  visitorFacts: readonly MessageFacts[];
  addressPolicy: AddressPolicy;
  signal: AbortSignal;
  /** The conversation the turn is in: order lookups that miss are counted per conversation. */
  conversationId: string;
  /** The client's address as per-address limits count it (clientAddressKey); absent in the Playground. */
  clientAddress?: string | undefined;
  /** Misses allowed before lookups by order number are refused; DEFAULT_ORDER_LOOKUP_LIMITS if absent. */
  orderLookupLimits?: OrderLookupLimits;
  now?: () => Date;
}

/** What the tools produced during a turn, besides their answers to the model. */
export interface ToolEffects {
  blocks: { toolCallId: string; block: Block }[];
  sources: { title: string; url: string }[];
  /** Execution time of each call, by tool call id. */
  durations: Map<string, number>;
}

export function emptyEffects(): ToolEffects {
  return { blocks: [], sources: [], durations: new Map() };
}

type ToolOutput = Record<string, unknown>;
/** Per call: adds a block (validated against its schema) and tells whether it was valid. */
type AddBlock = (candidate: unknown) => boolean;

export function buildTools(names: readonly ToolName[], ctx: ToolContext, effects: ToolEffects): ToolSet {
  const visitorEmails = new Set(ctx.visitorFacts.flatMap((facts) => facts.emails));
  const visitorOrderNumbers = new Set(ctx.visitorFacts.flatMap((facts) => facts.orderNumbers));
  /** Times each call and gives it a block collector tagged with its call id. */
  const instrument =
    <I>(run: (input: I, addBlock: AddBlock) => Promise<ToolOutput>) =>
    async (input: I, options: { toolCallId: string }): Promise<ToolOutput> => {
      const started = performance.now();
      const addBlock: AddBlock = (candidate) => {
        const block = validateBlock(candidate);
        if (block) effects.blocks.push({ toolCallId: options.toolCallId, block });
        return block !== undefined;
      };
      try {
        return await run(input, addBlock);
      } finally {
        effects.durations.set(options.toolCallId, Math.round((performance.now() - started) * 10) / 10);
      }
    };
  const addSources = (hits: readonly SearchHit[]) => {
    for (const hit of hits) {
      if (!effects.sources.some((source) => source.url === hit.url)) effects.sources.push({ title: hit.title, url: hit.url });
    }
  };
  const contentConfigs = contentProfileOf(ctx.db, ctx.agent.workspaceId).then((profile) => profile.configs);
  const search = async (query: string, kinds: SearchHit['kind'][] | undefined, limit: number, filters?: ProductFilters) =>
    searchKnowledge(ctx.db, {
      workspaceId: ctx.agent.workspaceId,
      agentId: ctx.agent.id,
      query,
      language: ctx.languageTag,
      alsoConfigs: await contentConfigs,
      limit,
      ...(kinds ? { kinds } : {}),
      ...(filters ? { filters } : {}),
    });

  const all: Record<ToolName, ToolSet[string]> = {
    search_knowledge: tool({
      description: TOOL_DESCRIPTIONS.search_knowledge,
      inputSchema: INPUT.search_knowledge,
      execute: instrument(async ({ query, ...filterInput }: { query: string } & FilterInput) => {
        const filters = filtersOf(filterInput);
        const hits = await search(query, hasFilters(filters) ? ['product'] : undefined, 5, filters);
        addSources(hits);
        return {
          results: hits.map((hit) => ({ title: hit.title, url: hit.url, score: round(hit.score), snippet: snippetOf(hit.content, 600) })),
        };
      }),
    }),

    show_products: tool({
      description: TOOL_DESCRIPTIONS.show_products,
      inputSchema: INPUT.show_products,
      execute: instrument(async ({ query, limit = 3, sort, ...filterInput }: { query: string; limit?: number; sort?: ProductSort } & FilterInput, addBlock) => {
        const filters = filtersOf(filterInput);
        const languages = [ctx.languageTag, ctx.agent.defaultLocale];
        const priceOrder = sort === 'price_asc' ? 'asc' : sort === 'price_desc' ? 'desc' : undefined;
        // "A stove under 100 g": the kind of product is searched, the measure checked on each.
        const measures = measureConditionsIn(query);
        const kind = withoutMeasureConditions(query);
        // "What's the cheapest thing you sell?" names no kind of product: the whole catalog, by price.
        const wholeCatalog = priceOrder !== undefined && measures.length === 0 && productTerms(kind, languages).length === 0;
        // "Something warm for my head" is also searched as the catalog names such things ("beanie").
        const kindWords = [...new Set([...phraseEquivalents(kind, languages).values()].flat())].join(' ');
        const found = wholeCatalog ? [] : await search(`${kind} ${kindWords}`.trim(), ['product'], 20, filters);
        // Products that match most of what was asked first; with conditions only ("anything
        // under $30?"), the products that meet them.
        const relevant = relevantProducts(kind, found, languages);
        const measured = await sortedByMeasures(ctx.db, ctx.agent.workspaceId, relevant, measures);
        // The ones that have all that was asked for, if any; where measures were asked, those decide.
        const matching = byPrice(
          relevantProducts(kind, measured.met.length > 0 ? measured.met : measured.unsaid, languages, { preferComplete: measures.length === 0 }),
          priceOrder,
        );
        const hits =
          matching.length > 0 || (!hasFilters(filters) && !wholeCatalog)
            ? matching
            : await browseProducts(ctx.db, ctx.agent.workspaceId, filters, 20, query, priceOrder);
        const products: ToolOutput[] = [];
        const seen = new Set<string>();
        for (const hit of hits) {
          if (products.length >= limit || seen.has(hit.documentId)) continue;
          seen.add(hit.documentId);
          const card = productCard(hit);
          // A product without valid structured pricing is not shown: a price is never guessed.
          if (!card || !addBlock(card)) continue;
          addSources([hit]);
          products.push({
            name: card.data.name,
            url: card.data.url,
            sku: card.data.sku,
            ...card.data.price,
            on_sale: card.data.on_sale,
            stock_status: card.data.stock_status,
          });
        }
        if (products.length > 0) return { shown: 'product_card', products, ...(hasFilters(filters) ? { filtered: true } : {}) };
        return { products: [], message: phrase(ctx.languageTag, hasFilters(filters) ? 'no_products_filtered' : 'no_products') };
      }),
    }),

    lookup_order: tool({
      description: TOOL_DESCRIPTIONS.lookup_order,
      inputSchema: INPUT.lookup_order,
      execute: instrument(async ({ order_number, email }: { order_number?: string; email?: string }) => {
        const query = authorizeOrderLookup(order_number, email, ctx.shopper, visitorEmails, visitorOrderNumbers);
        if ('refused' in query) {
          return { status: 'verification_required', reason: query.refused, message: phrase(ctx.languageTag, 'order_needs_verification') };
        }
        const site = await siteForAgent(ctx.db, ctx.agent, ctx.shopper?.site_id);
        if (!site) return { status: 'store_not_connected', message: phrase(ctx.languageTag, 'store_unavailable') };
        // A lookup by number counts as a miss until it finds an order; past the limits the shop
        // is not asked at all and the visitor is asked to sign in instead.
        let reservation: string | undefined;
        if ('email' in query.lookup) {
          const reserved = await reserveOrderLookupMiss(
            ctx.db,
            { workspaceId: ctx.agent.workspaceId, conversationId: ctx.conversationId, clientAddress: ctx.clientAddress, email: query.lookup.email },
            ctx.orderLookupLimits ?? DEFAULT_ORDER_LOOKUP_LIMITS,
            ctx.now?.() ?? new Date(),
          );
          if ('limited' in reserved) {
            return {
              status: 'verification_required',
              reason: `too many order numbers without a match (per ${reserved.limited})`,
              message: phrase(ctx.languageTag, 'order_lookup_limited'),
            };
          }
          reservation = reserved.reserved;
        }
        let found = false;
        try {
          const client = new SiteClient({ siteUrl: site.siteUrl, shopperSigningSecret: site.shopperSigningSecret }, ctx.addressPolicy);
          const orders = await client.lookupOrders(query.lookup, ctx.signal);
          found = orders.length > 0;
          return found ? { status: 'found', orders: orders.map(orderForModel) } : { status: 'not_found', message: phrase(ctx.languageTag, 'order_not_found') };
        } catch (error) {
          if (!isAppError(error)) throw error;
          return { status: 'store_unavailable', error: error.code, message: phrase(ctx.languageTag, 'store_unavailable') };
        } finally {
          // Only a found order gives the miss back. A failed call keeps it: the plugin may have
          // looked the number up before the visitor aborted the request.
          if (reservation && found) await releaseOrderLookupMiss(ctx.db, reservation);
        }
      }),
    }),

    offer_coupon: tool({
      description: TOOL_DESCRIPTIONS.offer_coupon,
      inputSchema: INPUT.offer_coupon,
      execute: instrument(async ({ code }: { code?: string }, addBlock) => {
        const coupons = ctx.agent.coupons;
        // Only a code configured on the agent can be offered, whatever code the model names.
        const coupon = code === undefined ? coupons[0] : coupons.find((c) => c.code.toLowerCase() === code.trim().toLowerCase());
        if (!coupon || !addBlock({ kind: 'coupon_offer', data: { code: coupon.code, description: coupon.description } })) {
          return { status: 'not_available', message: phrase(ctx.languageTag, 'no_coupon') };
        }
        return { shown: 'coupon_offer', code: coupon.code, description: coupon.description };
      }),
    }),

    escalate: tool({
      description: TOOL_DESCRIPTIONS.escalate,
      inputSchema: INPUT.escalate,
      execute: instrument(async ({ reason }: { reason?: string }, addBlock) => {
        const button = escalationButton(ctx.agent, ctx.languageTag, reason ?? '');
        addBlock(button);
        return { shown: 'escalation_button', label: button.data.label };
      }),
    }),

    show_pricing: tool({
      description: TOOL_DESCRIPTIONS.show_pricing,
      inputSchema: INPUT.show_pricing,
      execute: instrument(async ({ query }: { query?: string }, addBlock) => {
        const hits = await search(`pricing plans price ${query ?? ''}`, ['post'], 10);
        const page = bestDocument(hits, (text) => pricePointsIn(text).length > 0);
        if (!page) return { status: 'not_found', message: phrase(ctx.languageTag, 'nothing_found') };
        const text = page.map((hit) => hit.content).join('\n');
        const [first] = page as [SearchHit];
        const points = pricePointsIn(text);
        addBlock({ kind: 'pricing_card', data: { title: first.title, url: first.url, summary: snippetOf(text, 500), price_points: points } });
        addSources([first]);
        return { shown: 'pricing_card', title: first.title, url: first.url, price_points: points };
      }),
    }),

    show_case_study: tool({
      description: TOOL_DESCRIPTIONS.show_case_study,
      inputSchema: INPUT.show_case_study,
      execute: instrument(async ({ query }: { query?: string }, addBlock) => {
        const hits = await search(`case study customer story ${query ?? ''}`, ['post'], 10);
        const page = bestDocument(hits, () => true);
        if (!page) return { status: 'not_found', message: phrase(ctx.languageTag, 'nothing_found') };
        const [first] = page as [SearchHit];
        const summary = snippetOf(page.map((hit) => hit.content).join('\n'), 500);
        addBlock({ kind: 'case_study_card', data: { title: first.title, url: first.url, summary } });
        addSources([first]);
        return { shown: 'case_study_card', title: first.title, url: first.url, summary };
      }),
    }),
  };
  return Object.fromEntries(names.map((name) => [name, all[name]]));
}

function filtersOf(input: FilterInput): ProductFilters {
  return {
    ...(input.min_price !== undefined ? { minPrice: input.min_price } : {}),
    ...(input.max_price !== undefined ? { maxPrice: input.max_price } : {}),
    ...(input.in_stock ? { inStock: true } : {}),
    ...(input.on_sale ? { onSale: true } : {}),
    ...(input.category ? { category: input.category } : {}),
  };
}

type ProductSort = 'relevance' | 'price_asc' | 'price_desc';

/** Hits in price order (those without a price last), or as they are. */
function byPrice(hits: readonly SearchHit[], order: 'asc' | 'desc' | undefined): SearchHit[] {
  if (!order) return [...hits];
  const priceOf = (hit: SearchHit) => {
    const pricing = hit.data.pricing as { price?: unknown } | undefined;
    const value = Number.parseFloat(String(pricing?.price ?? ''));
    return Number.isFinite(value) ? value : undefined;
  };
  return [...hits].sort((a, b) => {
    const pa = priceOf(a);
    const pb = priceOf(b);
    if (pa === undefined || pb === undefined) return (pa === undefined ? 1 : 0) - (pb === undefined ? 1 : 0);
    return order === 'asc' ? pa - pb : pb - pa;
  });
}

type OrderAuthorization = { lookup: OrderLookupQuery } | { refused: string };

/**
 * Who may be looked up: the verified shopper by their own user id, or an order by its number
 * together with an email address, both of which the visitor typed themselves (a verified
 * shopper's email counts as typed). Anything else is refused, so instructions planted in content
 * cannot aim the lookup at another customer.
 */
export function authorizeOrderLookup(
  orderNumber: string | undefined,
  email: string | undefined,
  shopper: ShopperBinding | null,
  visitorEmails: ReadonlySet<string>,
  visitorOrderNumbers: ReadonlySet<string>,
): OrderAuthorization {
  const number = orderNumber === undefined ? undefined : asciiDigits(orderNumber).replace(/^#/, '').trim();
  if (number) {
    const address = email?.trim().toLowerCase();
    if (!address) return { refused: 'an order number needs the email address used for the order' };
    const knownEmail = visitorEmails.has(address) || shopper?.email?.toLowerCase() === address;
    if (!knownEmail) return { refused: 'the email address was not given by the visitor in this conversation' };
    if (!visitorOrderNumbers.has(number.toLowerCase())) return { refused: 'the order number was not given by the visitor in this conversation' };
    return { lookup: { order_number: number, email: address } };
  }
  if (shopper?.user_id !== undefined) return { lookup: { user_id: shopper.user_id } };
  return { refused: 'the visitor is not a signed-in shopper; ask for the order number and email' };
}

function orderForModel(order: Order): ToolOutput {
  return {
    number: order.number,
    status: order.status,
    total: order.total,
    currency: order.currency,
    items: order.items,
    tracking_url: order.tracking_url,
    created_at: order.created_at,
  };
}

const pricingData = z.object({
  currency: z.string(),
  price: z.string().min(1),
  regular_price: z.string().nullish(),
  sale_price: z.string().nullish(),
  min_price: z.string().nullish(),
  max_price: z.string().nullish(),
});

/** A product card from the synced catalog's structured fields; undefined when they are unusable. */
export function productCard(hit: SearchHit): Extract<Block, { kind: 'product_card' }> | undefined {
  const pricing = pricingData.safeParse(hit.data.pricing);
  if (!pricing.success) return undefined;
  const orNull = (value: string | null | undefined) => (value ? value : null);
  const image = typeof hit.data.image_url === 'string' ? hit.data.image_url : null;
  const candidate = {
    kind: 'product_card',
    data: {
      id: hit.documentId,
      name: hit.title,
      url: hit.url,
      image_url: image && /^https?:\/\//i.test(image) ? image : null,
      sku: typeof hit.data.sku === 'string' && hit.data.sku ? hit.data.sku : null,
      price: {
        currency: pricing.data.currency,
        price: pricing.data.price,
        regular_price: orNull(pricing.data.regular_price),
        sale_price: orNull(pricing.data.sale_price),
        // A variable product's range, when its variations' prices differ.
        ...(pricing.data.min_price && pricing.data.max_price && pricing.data.min_price !== pricing.data.max_price
          ? { min_price: pricing.data.min_price, max_price: pricing.data.max_price }
          : {}),
      },
      on_sale: hit.data.on_sale === true,
      stock_status: hit.data.stock_status,
      stock_quantity: typeof hit.data.stock_quantity === 'number' ? hit.data.stock_quantity : null,
    },
  };
  const block = validateBlock(candidate);
  return block?.kind === 'product_card' ? block : undefined;
}

/** The agent's configured handoff, or the lead form with a label in the reply language. */
export function escalationButton(agent: AgentRow, languageTag: string, reason: string): Extract<Block, { kind: 'escalation_button' }> {
  const handoff = agent.handoff;
  const type = handoff.type && handoff.value ? handoff.type : 'lead_form';
  return {
    kind: 'escalation_button',
    data: {
      label: handoff.label || phrase(languageTag, 'escalation_label'),
      type,
      value: type === 'lead_form' ? null : (handoff.value ?? null),
      reason: reason.slice(0, 300),
    },
  };
}

/** The chunks of the best-ranked document whose text satisfies `accept`, best chunk first. */
function bestDocument(hits: readonly SearchHit[], accept: (text: string) => boolean): SearchHit[] | undefined {
  const byDocument = new Map<string, SearchHit[]>();
  for (const hit of hits) byDocument.set(hit.documentId, [...(byDocument.get(hit.documentId) ?? []), hit]);
  return [...byDocument.values()].find((chunks) => accept(chunks.map((hit) => hit.content).join('\n')));
}

const AMOUNT =
  /(?:[$€£¥₹]|\b(?:USD|EUR|GBP|CHF|CAD|AUD|JPY|SEK|NOK|DKK|PLN)\b)\s?\d[\d.,]*|\d[\d.,]*\s?(?:[$€£¥₹]|\b(?:USD|EUR|GBP|CHF|CAD|AUD|JPY|SEK|NOK|DKK|PLN|kr)\b)/;

/** Sentences of the page that state an amount, quoted as they are (at most eight). */
export function pricePointsIn(text: string): string[] {
  const points: string[] = [];
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    const trimmed = sentence.trim();
    if (trimmed && AMOUNT.test(trimmed) && !points.includes(trimmed)) points.push(trimmed.length > 200 ? `${trimmed.slice(0, 199)}…` : trimmed);
    if (points.length >= 8) break;
  }
  return points;
}

function round(score: number): number {
  return Math.round(score * 1000) / 1000;
}
