import { markdownLink as link, priceText } from '../blocks.js';
import { phrase, stockPhrase } from '../phrases.js';
import type { SmallTalk } from '../understanding/question.js';
import type { Extracted } from './extract.js';

/**
 * The offline responder's answers: extractive, never generative. Every sentence it writes is
 * either a fixed phrase in the reply language or text quoted from a source or a tool result, so
 * it cannot state anything the site did not.
 */

/** A quoted answer: where it comes from (linked), then the sentences as a Markdown blockquote. */
export function quotedAnswer(extracted: Extracted, language: string): string {
  const quote = extracted.sentences.join(' ').replace(/\s*\n\s*/g, ' ');
  return `${phrase(language, 'from_source', { title: link(extracted.source.title, extracted.source.url) })}\n\n> ${quote}`;
}

/** The owner's own answer (a snippet), quoted whole under its link: their Markdown kept as written. */
export function ownerAnswer(source: { title: string; url: string; data: Record<string, unknown> }, language: string): string {
  const answer = typeof source.data.answer === 'string' ? source.data.answer : '';
  const quoted = answer
    .split('\n')
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');
  return `${phrase(language, 'from_source', { title: link(source.title, source.url) })}\n\n${quoted}`;
}

/** Small talk answered in the reply language, with what the assistant can do after a greeting. */
export function smallTalkAnswer(kinds: readonly SmallTalk[], language: string, agentName: string, shop: boolean): string {
  const sentences = kinds.map((kind) => (kind === 'who_are_you' ? phrase(language, 'who_are_you', { name: agentName }) : phrase(language, kind)));
  if (kinds.some((kind) => kind === 'greeting' || kind === 'who_are_you' || kind === 'how_are_you')) {
    sentences.push(phrase(language, shop ? 'capabilities_shop' : 'capabilities_site'));
  }
  return sentences.join(' ');
}

type Result = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const list = (value: unknown): Result[] => (Array.isArray(value) ? value.filter((item): item is Result => typeof item === 'object' && item !== null) : []);

/** The reply after a tool ran: its result put into words, in the reply language. */
export function describeToolResult(toolName: string, result: Result, language: string, unsure: boolean): string {
  const message = text(result.message);
  switch (toolName) {
    case 'escalate':
      return unsure ? `${phrase(language, 'unsure')} ${phrase(language, 'escalation_offer')}` : phrase(language, 'escalation_offer');
    case 'lookup_order': {
      const orders = list(result.orders);
      if (orders.length === 0) return message || phrase(language, 'order_needs_verification');
      return orders
        .map((order) => {
          const status = phrase(language, 'order_status', {
            number: text(order.number),
            status: text(order.status),
            total: text(order.total),
            currency: text(order.currency),
          });
          // What was ordered, as the shop names it: "- Socks × 2".
          const items = list(order.items)
            .filter((item) => text(item.name) !== '')
            .map((item) => `- ${text(item.name)} × ${text(item.quantity) || '1'}`);
          const tracking = text(order.tracking_url);
          return [status, ...items, ...(tracking ? [`${phrase(language, 'order_tracking')} ${link(tracking, tracking)}`] : [])].join('\n');
        })
        .join('\n\n');
    }
    case 'offer_coupon':
      return result.code
        ? `${phrase(language, 'coupon_intro')} **${text(result.code)}**: ${text(result.description)}`
        : message || phrase(language, 'no_coupon');
    case 'show_products': {
      const products = list(result.products);
      if (products.length === 0) return message || phrase(language, 'no_products');
      const lines = products.map(
        (p) =>
          `- ${link(text(p.name), text(p.url))}: ${priceText({ currency: text(p.currency), price: text(p.price), min_price: text(p.min_price), max_price: text(p.max_price) })} (${stockPhrase(language, text(p.stock_status))})`,
      );
      return [phrase(language, result.filtered === true ? 'products_filtered_intro' : 'products_intro'), ...lines].join('\n');
    }
    case 'show_pricing': {
      if (!result.url) return message || phrase(language, 'nothing_found');
      const points = Array.isArray(result.price_points) ? result.price_points.map((point) => `- ${text(point)}`) : [];
      return [`${phrase(language, 'pricing_intro')} ${link(text(result.title), text(result.url))}`, ...points].join('\n');
    }
    case 'show_case_study':
      if (!result.url) return message || phrase(language, 'nothing_found');
      return `${phrase(language, 'case_study_intro')} ${link(text(result.title), text(result.url))}\n\n> ${text(result.summary)}`;
    default:
      return message;
  }
}
