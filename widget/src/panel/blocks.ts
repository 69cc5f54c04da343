// Rich blocks in replies. The live widget shows only escalation_button and coupon_offer (the
// allowlist of contract section 4); any other kind is ignored, its text fallback being in the reply.
// The Playground previews every kind with this same renderer (`previewEveryKind`): what it shows
// for the two live kinds is what a shopper sees, link policy included, minus the actions that need
// a visitor (tracking, applying a coupon, the lead form).

import { applyCoupon } from '@storefront-assistant/client';
import { h, listen } from '../dom.js';
import type { Agent, Block, PanelHost } from '../types.js';
import { ENGLISH, formatPrice, type TextKey, type Translator } from '../i18n/translator.js';
import { describeFailure, toFailure } from './errors.js';
import { EXTERNAL_LINK, safeHref } from './url-policy.js';

export type BlockContext = LiveBlockContext | PreviewBlockContext;

type LiveBlockContext = {
  agent: Agent;
  t: Translator;
  host: PanelHost;
  openLeadForm(): void;
  /** Asks for a person of the team in this conversation; absent when the agent's team does not take conversations live. */
  askForPerson?: (() => void) | undefined;
  previewEveryKind?: false;
};

/** The Playground's: every kind is drawn, and nothing acts on a visitor's behalf. */
type PreviewBlockContext = { previewEveryKind: true };

type BlockOf<K extends Block['kind']> = Extract<Block, { kind: K }>;

// Typed by the document, but checked anyway: a reply's data is the model's output, carried over the network.
const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The wrapper of every block, named by its kind. */
const blockBox = (kind: Block['kind'], ...children: HTMLElement[]) => h('div', { class: 'block', 'data-kind': kind }, ...children);

/** Where a link or email hand-off leads (checked by the link policy); null for the lead form or none. */
export function handoffHref(handoff: { type?: string | null; value?: string | null } | undefined): string | null {
  const email = handoff?.type === 'email' ? str(handoff.value) : '';
  // A plain address only: "?" or "#" would let the value add mailto headers such as bcc.
  return handoff?.type === 'url' ? safeHref(handoff.value) : /^[^\s@/?#]+@[^\s@/?#]+$/.test(email) ? safeHref(`mailto:${email}`) : null;
}

function escalation(block: BlockOf<'escalation_button'>, context: BlockContext): HTMLElement | null {
  // Live, the agent's hand-off as init gave it; in a preview, the block's own (the same settings,
  // as the service wrote them into the block).
  const handoff = context.previewEveryKind
    ? { type: block.data?.type, value: block.data?.value ?? undefined, label: block.data?.label }
    : context.agent.handoff;
  // The owner's label, else the panel's own words in its language (the block's label is in the
  // reply's language, which the panel's chrome does not follow).
  const label = context.previewEveryKind
    ? str(handoff?.label) || str(block.data?.label) || ENGLISH.text('talkToHuman')
    : str(handoff?.label) || context.t.text('talkToHuman');
  const href = handoffHref(handoff);

  if (context.previewEveryKind) {
    const action = href
      ? h('a', { class: 'btn', href, ...EXTERNAL_LINK, 'data-testid': 'sa-escalation' }, label)
      : h('button', { type: 'button', class: 'btn', disabled: true, title: ENGLISH.text('previewLeadForm'), 'data-testid': 'sa-escalation' }, label);
    return blockBox('escalation_button', h('div', { class: 'card' }, action, str(block.data?.reason) && h('p', { class: 'muted' }, str(block.data?.reason))));
  }
  const { agent, host, openLeadForm } = context;
  const track = () => host.track('cta_click', { kind: 'escalation_button', handoff: handoff?.type ?? 'lead_form' });
  if (href) {
    const link = h('a', { class: 'btn', href, ...EXTERNAL_LINK, 'data-testid': 'sa-escalation' }, label);
    listen(link, 'click', track);
    return blockBox('escalation_button', link);
  }
  const { askForPerson } = context;
  if (askForPerson) {
    // A person of the team answers here; when nobody can, the panel offers the lead form.
    const ask = h('button', { type: 'button', class: 'btn', 'data-testid': 'sa-escalation' }, label);
    listen(ask, 'click', () => {
      track();
      ask.disabled = true;
      askForPerson();
    });
    return blockBox('escalation_button', ask);
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
      h(
        'div',
        { class: 'card coupon', 'data-testid': 'sa-coupon' },
        h('p', { class: 'coupon-code', dir: 'auto' }, code),
        description && h('p', { class: 'coupon-description', dir: 'auto' }, description),
      ),
    );
  }
  const { host, t } = context;
  const apply = h('button', { type: 'button', class: 'btn', 'data-testid': 'sa-coupon-apply' }, t.text('couponApply'));
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
    apply.textContent = t.text('couponApplying');
    status.replaceChildren();
    try {
      const result = await host.session.withToken((client) => applyCoupon(client, { code }));
      const cartUrl = safeHref(result.cart_url);
      apply.remove();
      status.append(
        t.text('couponApplied', { code: str(result.code) || code }),
        ' ',
        // The cart is the shop's own page, where the staged coupon is applied: same tab.
        cartUrl ? h('a', { href: cartUrl, 'data-testid': 'sa-cart-link' }, t.text('viewCart')) : '',
      );
    } catch (error) {
      const problem = describeFailure(toFailure(error));
      status.textContent = t.text(problem.text);
      apply.textContent = t.text('couponApply');
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

const STOCK: Record<string, TextKey> = { instock: 'inStock', outofstock: 'outOfStock', onbackorder: 'onBackorder' };

/** Prices in the page's language and the shop's synced currency ("189,00 €" on a German page). */
function productCard({ data }: BlockOf<'product_card'>, t: Translator): HTMLElement {
  const { price } = data;
  const locale = document.documentElement.lang || navigator.language || 'en';
  const money = (amount: string) => formatPrice(amount, price.currency, locale);
  const regular =
    data.on_sale && price.regular_price && price.regular_price !== price.price ? h('s', { class: 'muted' }, ` ${money(price.regular_price)}`) : null;
  const stockKey = STOCK[data.stock_status];
  const stock =
    (stockKey ? t.text(stockKey) : data.stock_status) +
    (data.stock_quantity != null ? ` (${data.stock_quantity})` : '') +
    (data.sku ? ` · SKU ${data.sku}` : '');
  // A variable product's range of prices, as the shop shows it.
  const amount =
    price.min_price && price.max_price && price.min_price !== price.max_price ? `${money(price.min_price)} – ${money(price.max_price)}` : money(price.price);
  return h('div', { class: 'card' }, cardTitle(data.name, data.url), h('p', { class: 'card-price' }, amount, regular), h('p', { class: 'muted' }, stock));
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
      return context.previewEveryKind ? blockBox(block.kind, productCard(block, ENGLISH)) : null;
    case 'pricing_card':
      return context.previewEveryKind ? blockBox(block.kind, pricingCard(block)) : null;
    case 'case_study_card':
      return context.previewEveryKind ? blockBox(block.kind, caseStudyCard(block)) : null;
    default:
      return null;
  }
}
