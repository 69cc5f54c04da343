// Rich blocks in live replies. Production shows only escalation_button and coupon_offer (the
// allowlist of contract section 4); any other kind is ignored, its text fallback being in the reply.

import { applyCoupon } from '@storefront-assistant/client';
import { h, listen } from '../dom.js';
import type { Agent, Block, PanelHost } from '../types.js';
import { describeFailure, toFailure } from './errors.js';
import { TEXT } from './strings.js';
import { EXTERNAL_LINK, safeHref } from './url-policy.js';

export type BlockContext = {
  agent: Agent;
  host: PanelHost;
  openLeadForm(): void;
};

type BlockOf<K extends Block['kind']> = Extract<Block, { kind: K }>;

// Typed by the document, but checked anyway: a reply's data is the model's output, carried over the network.
const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function escalation(block: BlockOf<'escalation_button'>, { agent, host, openLeadForm }: BlockContext): HTMLElement | null {
  const handoff = agent.handoff;
  const label = str(handoff?.label) || str(block.data?.label) || TEXT.talkToHuman;
  const track = () => host.track('cta_click', { kind: 'escalation_button', handoff: handoff?.type ?? 'lead_form' });
  const email = handoff?.type === 'email' ? str(handoff.value) : '';
  // A plain address only: "?" or "#" would let the value add mailto headers such as bcc.
  const href =
    handoff?.type === 'url' ? safeHref(handoff.value) : /^[^\s@/?#]+@[^\s@/?#]+$/.test(email) ? safeHref(`mailto:${email}`) : null;

  if (href) {
    const link = h('a', { class: 'btn', href, ...EXTERNAL_LINK, 'data-testid': 'sa-escalation' }, label);
    listen(link, 'click', track);
    return h('div', { class: 'block' }, link);
  }
  const leadFormAvailable = (handoff?.type === 'lead_form' || !handoff) && agent.lead_capture?.enabled === true;
  if (!leadFormAvailable) return null; // nowhere to hand off to: a dead button would only frustrate
  const button = h('button', { type: 'button', class: 'btn', 'data-testid': 'sa-escalation' }, label);
  listen(button, 'click', () => {
    track();
    openLeadForm();
  });
  return h('div', { class: 'block' }, button);
}

function coupon(block: BlockOf<'coupon_offer'>, { host }: BlockContext): HTMLElement | null {
  const code = str(block.data?.code);
  if (!code) return null;
  const description = str(block.data?.description);
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
  return h('div', { class: 'block' }, card);
}

export function renderBlock(block: Block, context: BlockContext): HTMLElement | null {
  switch (block.kind) {
    case 'escalation_button':
      return escalation(block, context);
    case 'coupon_offer':
      return coupon(block, context);
    default:
      return null;
  }
}
