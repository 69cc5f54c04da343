/**
 * What the runtime and the offline responder know of a language: the sentences they write
 * themselves (phrases) and the words by which they recognise what a visitor is doing (cues).
 * One file per language in this folder; `index.ts` maps primary language subtags to them.
 */

/**
 * Sentences written by the service itself, never by a model. `{name}`-style placeholders are
 * replaced with values (product names, prices) that are inserted as they are.
 */
export interface PhraseTable {
  escalation_label: string;
  escalation_offer: string;
  unsure: string;
  leak_refusal: string;
  from_source: string;
  see_also: string;
  products_intro: string;
  no_products: string;
  coupon_intro: string;
  no_coupon: string;
  order_needs_verification: string;
  order_status: string;
  order_tracking: string;
  order_not_found: string;
  /** Too many order numbers without a match: the visitor is asked to sign in instead. */
  order_lookup_limited: string;
  store_unavailable: string;
  pricing_intro: string;
  case_study_intro: string;
  nothing_found: string;
  stock_instock: string;
  stock_outofstock: string;
  stock_onbackorder: string;
  /** Small talk. */
  greeting: string;
  how_are_you: string;
  thanks: string;
  goodbye: string;
  who_are_you: string;
  capabilities_shop: string;
  capabilities_site: string;
  /** Answers from a product's structured fields. */
  product_price: string;
  product_sale_price: string;
  product_in_stock: string;
  product_in_stock_quantity: string;
  product_out_of_stock: string;
  product_on_backorder: string;
  product_options: string;
  product_categories: string;
  products_filtered_intro: string;
  no_products_filtered: string;
  detail_not_found: string;
}

export type PhraseKey = keyof PhraseTable;

/**
 * Phrases that mark what a message is doing, matched on folded text (lower case, accents
 * removed) at word boundaries. A trailing `*` matches any ending ("discount*": discounts).
 * Keep them lower case; several words are matched as written, with single spaces.
 */
export interface LanguageCues {
  /** "hi", "hello", "good morning". */
  greeting: readonly string[];
  /** "how are you", "how is it going". */
  how_are_you: readonly string[];
  /** "thanks", "thank you", "cheers". */
  thanks: readonly string[];
  /** "bye", "goodbye", "see you". */
  goodbye: readonly string[];
  /** "who are you", "what can you do", "are you a bot", "what are you". */
  who_are_you: readonly string[];
  /** Words that point at the product being discussed: "this one", "it", "this product", "this". */
  deictic: readonly string[];
  /** Questions after a quantity: "how heavy", "weigh*", "how many", "what size", "how long", "dimension*". */
  quantity: readonly string[];
  /** Before an amount, an upper bound: "under", "below", "less than", "up to", "cheaper than", "max". */
  price_below: readonly string[];
  /** Before an amount, a lower bound: "over", "above", "more than", "at least". */
  price_above: readonly string[];
  /** Asking for the price: "how much", "price*", "cost*". */
  price_question: readonly string[];
  /** Asking about availability: "in stock", "available", "availab*". */
  stock_question: readonly string[];
  /** Asking for discounted items: "on sale", "discounted", "reduced". */
  on_sale: readonly string[];
  /** Words that join two questions in one message: "and", "also", "plus". */
  conjunctions: readonly string[];
  /** Asking for the lowest-priced products: "cheapest", "least expensive", "lowest price". */
  cheapest?: readonly string[];
  /** Asking for the highest-priced products: "most expensive", "priciest", "top of the range". */
  priciest?: readonly string[];
}

export interface Lexicon {
  phrases: PhraseTable;
  cues: LanguageCues;
}
