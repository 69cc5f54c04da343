// The first screen of an empty conversation: who answers and how fast, the welcome line, three or
// four questions to start with (about the product on a product page), and "talk to a person"
// when the agent hands off.

import { h, listen } from '../dom.js';
import type { TextKey, Translator } from '../i18n/translator.js';
import type { Agent, PageContext } from '../types.js';
import { EXTERNAL_LINK, safeImageSrc } from './url-policy.js';

const MAX_SUGGESTIONS = 4;

type ProductFacts = { sizes: string[] };

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string' && item.trim() !== '').map((item) => item.trim());

/** The product the page is about, from its JSON-LD (schema.org Product, or a ProductGroup's variants), or og:type. */
export function productOnPage(context: PageContext): ProductFacts | null {
  for (const item of context.json_ld ?? []) {
    const graph = isRecord(item) && Array.isArray(item['@graph']) ? item['@graph'] : [item];
    for (const node of graph) {
      if (!isRecord(node) || !strings(node['@type']).some((type) => type === 'Product' || type === 'ProductGroup')) continue;
      const variants = Array.isArray(node.hasVariant) ? node.hasVariant.filter(isRecord) : [];
      const sizes = [...new Set([...strings(node.size), ...variants.flatMap((variant) => strings(variant.size))])];
      return { sizes };
    }
  }
  return context.og?.type === 'product' ? { sizes: [] } : null;
}

/**
 * Questions visitors often start with on each kind of site, in the panel's language: offered when
 * the agent has none for this visitor (the service sends the site type's English samples to
 * English readers only, and the owner may have written none).
 */
const SITE_TYPE_QUESTIONS: Record<Agent['site_type'], TextKey[]> = {
  ecommerce: ['askDeliveryTime', 'askReturns', 'askDiscount'],
  saas: ['askPricing', 'askFreeTrial', 'askGettingStarted'],
  documentation: ['askGettingStarted', 'askInstall', 'askContact'],
  help_center: ['askResetPassword', 'askCancel', 'askContact'],
  marketing: ['askWhatYouDo', 'askPricing', 'askDemo'],
  internal_kb: ['askTimeOff', 'askExpenses', 'askOnboarding'],
  generic: ['askAbout', 'askContact', 'askGettingStarted'],
};

/** On a product page, questions about that product; elsewhere, the agent's own suggestions, else its site type's. */
export function suggestionsFor(agent: Agent, context: PageContext, t: Translator): string[] {
  const product = productOnPage(context);
  if (product) {
    // The middle size is the one most asked about ("M" of S–XL).
    const size = product.sizes[Math.floor((product.sizes.length - 1) / 2)];
    return [size ? t.text('suggestInSize', { size }) : t.text('suggestInStock'), t.text('suggestShipping'), t.text('suggestDetails')];
  }
  const own = (agent.suggestions ?? []).filter((text) => typeof text === 'string' && text.trim()).slice(0, MAX_SUGGESTIONS);
  if (own.length > 0) return own;
  return (SITE_TYPE_QUESTIONS[agent.site_type] ?? SITE_TYPE_QUESTIONS.generic).map((key) => t.text(key));
}

/** "Talk to a person": the agent's link or address, or the lead form, or nothing when it offers neither. */
export type HomeActions = { ask(question: string): void; talkToPerson: { href: string } | (() => void) | null; personLabel: string };

/**
 * The agent's picture: the owner's https image (from init, never from the page) over the name's
 * initial, which shows when there is no image or it does not load (a page's CSP, a broken link).
 */
export function avatar(name: string, imageUrl?: string | null, large = false): HTMLElement {
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  const badge = h('span', { class: large ? 'avatar avatar-large' : 'avatar', 'aria-hidden': 'true', 'data-testid': 'sa-avatar' }, initial);
  const src = safeImageSrc(imageUrl);
  if (src) {
    const image = h('img', { src, alt: '', referrerpolicy: 'no-referrer', decoding: 'async', 'data-testid': 'sa-avatar-image' });
    listen(image, 'error', () => image.remove());
    badge.append(image);
  }
  return badge;
}

export function createHome(agent: Agent, context: PageContext, t: Translator, actions: HomeActions): HTMLElement {
  const suggestions = suggestionsFor(agent, context, t);
  const buttons = suggestions.map((question) => {
    // The owner's words keep their own direction (<bdi>), aligned as the panel's language reads.
    const button = h('button', { type: 'button', class: 'suggestion', 'data-testid': 'sa-suggestion' }, h('bdi', {}, question));
    listen(button, 'click', () => actions.ask(question));
    return h('li', {}, button);
  });
  const person = actions.talkToPerson;
  const attributes = { class: 'btn btn-quiet home-person', 'data-testid': 'sa-home-handoff' };
  let handoff: HTMLElement | null = null;
  if (typeof person === 'function') {
    handoff = h('button', { type: 'button', ...attributes }, actions.personLabel);
    listen(handoff, 'click', person);
  } else if (person) {
    handoff = h('a', { href: person.href, ...EXTERNAL_LINK, ...attributes }, actions.personLabel);
  }
  return h(
    'div',
    { class: 'home', 'data-testid': 'sa-home' },
    h(
      'div',
      { class: 'home-agent' },
      avatar(agent.name, agent.theme?.avatar_url, true),
      h(
        'div',
        {},
        h('p', { class: 'home-name' }, h('bdi', {}, agent.name)),
        h('p', { class: 'muted' }, `${t.text('homeAutomatedBadge')} · ${t.text('homeRepliesInstantly')}`),
      ),
    ),
    h('p', { class: 'home-welcome', dir: 'auto', 'data-testid': 'sa-greeting' }, agent.greeting || t.text('homeGreeting')),
    buttons.length > 0 && h('p', { class: 'home-title' }, t.text('homeSuggestionsTitle')),
    buttons.length > 0 && h('ul', { class: 'suggestions' }, ...buttons),
    handoff,
  );
}
