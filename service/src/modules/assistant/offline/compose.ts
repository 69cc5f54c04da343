import { markdownLink as link } from '../blocks.js';
import { phrase, stockPhrase } from '../phrases.js';
import { contentTerms } from '../retrieval.js';
import { fold } from './intents.js';

/**
 * The offline responder's answers: extractive, never generative. Every sentence it writes is
 * either a fixed phrase in the reply language or text quoted from a source or a tool result, so
 * it cannot state anything the site did not.
 */

export interface PromptSource {
  title: string;
  url: string;
  content: string;
}

const MAX_QUOTED_SENTENCES = 2;
const MAX_QUOTE_CHARS = 600;

/** The best one or two sentences of the best source, quoted and linked; other sources linked. */
export function extractiveAnswer(question: string, sources: readonly PromptSource[], language: string): string {
  const [best, ...rest] = sources;
  if (!best) return phrase(language, 'nothing_found');
  const quote = bestSentences(question, best.content);
  const lines = [phrase(language, 'from_source', { title: link(best.title, best.url) }), '', `> ${quote}`];
  const others = rest.filter((source, index) => source.url !== best.url && rest.findIndex((s) => s.url === source.url) === index).slice(0, 2);
  if (others.length > 0) lines.push('', `${phrase(language, 'see_also')} ${others.map((source) => link(source.title, source.url)).join(', ')}`);
  return lines.join('\n');
}

function bestSentences(question: string, content: string): string {
  const stems = new Set(contentTerms(question).map((term) => stem(term)));
  const sentences = content.split(/(?<=[.!?。！？؟])\s+|\n+/).map((s) => s.trim()).filter(Boolean);
  const scored = sentences.map((sentence, index) => ({
    index,
    sentence,
    score: contentTerms(sentence).filter((term) => stems.has(stem(term))).length,
  }));
  const chosen = [...scored]
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, MAX_QUOTED_SENTENCES)
    .filter((entry, position) => position === 0 || entry.score > 0)
    .sort((a, b) => a.index - b.index)
    .map((entry) => entry.sentence)
    .join(' ');
  return chosen.length > MAX_QUOTE_CHARS ? `${chosen.slice(0, MAX_QUOTE_CHARS - 1)}…` : chosen;
}

function stem(term: string): string {
  return [...fold(term)].slice(0, 4).join('');
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
          const tracking = text(order.tracking_url);
          return tracking ? `${status} ${phrase(language, 'order_tracking')} ${tracking}` : status;
        })
        .join('\n');
    }
    case 'offer_coupon':
      return result.code ? `${phrase(language, 'coupon_intro')} **${text(result.code)}**: ${text(result.description)}` : message || phrase(language, 'no_coupon');
    case 'show_products': {
      const products = list(result.products);
      if (products.length === 0) return message || phrase(language, 'no_products');
      const lines = products.map((p) => `- ${link(text(p.name), text(p.url))}: ${text(p.price)} ${text(p.currency)} (${stockPhrase(language, text(p.stock_status))})`);
      return [phrase(language, 'products_intro'), ...lines].join('\n');
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
