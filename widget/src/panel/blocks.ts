// Rich blocks in replies. The live widget shows only escalation_button and coupon_offer (the
// allowlist of contract section 4); any other kind is ignored, its text fallback being in the reply.
// The Playground previews every kind with this same renderer (`previewEveryKind`): what it shows
// for the two live kinds is what a shopper sees, link policy included, minus the actions that need
// a visitor (tracking, applying a coupon, the lead form).

import { applyCoupon } from '@storefront-assistant/client';
import { h, listen } from '../dom.js';
import type { Agent, Block, PanelHost } from '../types.js';
import { describeFailure, toFailure } from './errors.js';
import { TEXT } from './strings.js';
import { EXTERNAL_LINK, safeHref } from './url-policy.js';

export type BlockContext = LiveBlockContext | PreviewBlockContext;

type LiveBlockContext = {
  agent: Agent;
  host: PanelHost;
  openLeadForm(): void;
  previewEveryKind?: false;
};

/** The Playground's: every kind is drawn, and nothing acts on a visitor's behalf. */
type PreviewBlockContext = { previewEveryKind: true };

type BlockOf<K extends Block['kind']> = Extract<Block, { kind: K }>;

// Typed by the document, but checked anyway: a reply's data is the model's output, carried over the network.
const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The wrapper of every block, named by its kind. */
const blockBox = (kind: Block['kind'], ...children: HTMLElement[]) => h('div', { class: 'block', 'data-kind': kind }, ...children);

function escalation(block: BlockOf<'escalation_button'>, context: BlockContext): HTMLElement | null {
  // Live, the agent's hand-off as init gave it; in a preview, the block's own (the same settings,
  // as the service wrote them into the block).
  const handoff = context.previewEveryKind ? { type: block.data?.type, value: block.data?.value ?? undefined, label: block.data?.label } : context.agent.handoff;
  const label = str(handoff?.label) || str(block.data?.label) || TEXT.talkToHuman;
  const email = handoff?.type === 'email' ? str(handoff.value) : '';
  // A plain address only: "?" or "#" would let the value add mailto headers such as bcc.
  const href =
    handoff?.type === 'url' ? safeHref(handoff.value) : /^[^\s@/?#]+@[^\s@/?#]+$/.test(email) ? safeHref(`mailto:${email}`) : null;

  if (context.previewEveryKind) {
    const action = href
      ? h('a', { class: 'btn', href, ...EXTERNAL_LINK, 'data-testid': 'sa-escalation' }, label)
      : h('button', { type: 'button', class: 'btn', disabled: true, title: TEXT.previewLeadForm, 'data-testid': 'sa-escalation' }, label);
    return blockBox('escalation_button', h('div', { class: 'card' }, action, str(block.data?.reason) && h('p', { class: 'muted' }, str(block.data?.reason))));
  }
  const { agent, host, openLeadForm } = context;
  const track = () => host.track('cta_click', { kind: 'escalation_button', handoff: handoff?.type ?? 'lead_form' });
  if (href) {
    const link = h('a', { class: 'btn', href, ...EXTERNAL_LINK, 'data-testid': 'sa-escalation' }, label);
    listen(link, 'click', track);
    return blockBox('escalation_button', link);
  }
  const leadFormAvailable = (handoff?.type === 'lead_form' || !handoff) && agent.lead_capture?.enabled === true;
  if (!leadFormAvailable) return null; // nowhere to hand off to: a dead button would only frustrate
  const button = h('button', { type: 'button', class: 'btn', 'data-testid': 'sa-escalation' }, label);
  listen(button, 'click', () => {
    track();
    openLeadForm();
  });
  return blockBox('escalation_button', button);
}

function coupon(block: BlockOf<'coupon_offer'>, context: BlockContext): HTMLElement | null {
  const code = str(block.data?.code);
  if (!code) return null;
  const description = str(block.data?.description);
  if (context.previewEveryKind) {
    return blockBox(
      'coupon_offer',
      h('div', { class: 'card coupon', 'data-testid': 'sa-coupon' }, h('p', { class: 'coupon-code', dir: 'auto' }, code), description && h('p', { class: 'coupon-description', dir: 'auto' }, description)),
    );
  }
  const { host } = context;
  const apply = h('button', { type: 'button', class: 'btn', 'data-testid': 'sa-coupon-apply' }, TEXT.couponApply);
  const status = h('p', { class: 'coupon-status', role: 'status', 'data-testid': 'sa-coupon-status' });
  const card = h(
    'div',
    { class: 'card coupon', 'data-testid': 'sa-coupon' },
    h('p', { class: 'coupon-code', dir: 'auto' }, code),
    description && h('p', { class: 'coupon-description', dir: 'auto' }, description),
    apply,
    status,
  );

  listen(apply, 'click', async () => {
    host.track('cta_click', { kind: 'coupon_offer', code });
    apply.disabled = true;
    apply.textContent = TEXT.couponApplying;
    status.replaceChildren();
    try {
      const result = await host.session.withToken((client) => applyCoupon(client, { code }));
      const cartUrl = safeHref(result.cart_url);
      apply.remove();
      status.append(
        TEXT.couponApplied(str(result.code) || code),
        ' ',
        // The cart is the shop's own page, where the staged coupon is applied: same tab.
        cartUrl ? h('a', { href: cartUrl, 'data-testid': 'sa-cart-link' }, TEXT.viewCart) : '',
      );
    } catch (error) {
      const problem = describeFailure(toFailure(error));
      status.textContent = problem.text;
      apply.textContent = TEXT.couponApply;
      apply.disabled = !problem.retry;
    }
  });
  return blockBox('coupon_offer', card);
}

// The kinds only the Playground draws (the live widget leaves them to the reply's text).

/** A card's heading: its title, linked when the URL passes the link policy. */
function cardTitle(title: unknown, url: unknown): HTMLElement {
  const href = safeHref(url);
  const text = str(title);
  return h('strong', { class: 'card-title', dir: 'auto' }, href ? h('a', { href, ...EXTERNAL_LINK }, text) : text);
}

const STOCK: Record<string, string> = { instock: 'In stock', outofstock: 'Out of stock', onbackorder: 'On backorder' };

function productCard({ data }: BlockOf<'product_card'>): HTMLElement {
  const { price } = data;
  const regular = data.on_sale && price.regular_price && price.regular_price !== price.price ? h('s', { class: 'muted' }, ` ${price.regular_price}`) : null;
  const stock = (STOCK[data.stock_status] ?? data.stock_status) + (data.stock_quantity != null ? ` (${data.stock_quantity})` : '') + (data.sku ? ` · SKU ${data.sku}` : '');
  // A variable product's range of prices, as the shop shows it.
  const amount = price.min_price && price.max_price && price.min_price !== price.max_price ? `${price.min_price} – ${price.max_price}` : price.price;
  return h('div', { class: 'card' }, cardTitle(data.name, data.url), h('p', { class: 'card-price' }, `${amount} ${price.currency}`, regular), h('p', { class: 'muted' }, stock));
}

function pricingCard({ data }: BlockOf<'pricing_card'>): HTMLElement {
  const points = h('ul', { class: 'card-points' }, ...data.price_points.map((point) => h('li', { dir: 'auto' }, point)));
  return h('div', { class: 'card' }, cardTitle(data.title, data.url), str(data.summary) && h('p', { dir: 'auto' }, data.summary), points);
}

function caseStudyCard({ data }: BlockOf<'case_study_card'>): HTMLElement {
  return h('div', { class: 'card' }, cardTitle(data.title, data.url), str(data.summary) && h('p', { dir: 'auto' }, data.summary));
}

export function renderBlock(block: Block, context: BlockContext): HTMLElement | null {
  switch (block.kind) {
    case 'escalation_button':
      return escalation(block, context);
    case 'coupon_offer':
      return coupon(block, context);
    case 'product_card':
      return context.previewEveryKind ? blockBox(block.kind, productCard(block)) : null;
    case 'pricing_card':
      return context.previewEveryKind ? blockBox(block.kind, pricingCard(block)) : null;
    case 'case_study_card':
      return context.previewEveryKind ? blockBox(block.kind, caseStudyCard(block)) : null;
    default:
      return null;
  }
}
