// One message in the log. Assistant text is Markdown, rendered at most once per animation frame
// while it streams; the visitor's own text is shown literally. Each message carries its time
// (relative, in the panel's language) and each finished answer the visitor's tools: helpful or
// not (with an optional reason), and copy.

import { h, icon, listen } from '../dom.js';
import type { TextKey, Translator } from '../i18n/translator.js';
import type { Block, Message, Source } from '../types.js';
import { renderBlock, type BlockContext } from './blocks.js';
import { renderMarkdown } from './markdown-dom.js';
import { EXTERNAL_LINK, safeWebHref } from './url-policy.js';

export type MessageState = 'streaming' | 'done' | 'stopped' | 'failed';
export type Rating = 'up' | 'down';
export type FeedbackReason = 'incorrect' | 'incomplete' | 'off_topic';

const ICON_UP = 'M7 10v11H3V10h4zm0 0l4-8a2 2 0 0 1 2 2v5h6a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 17.6 21H7';
const ICON_DOWN = 'M17 14V3h4v11h-4zm0 0l-4 8a2 2 0 0 1-2-2v-5H5a2 2 0 0 1-2-2.3l1.4-8A2 2 0 0 1 6.4 3H17';
const ICON_COPY = 'M9 9h11v11H9zM5 15H4V4h11v1';
/** The reasons a visitor can give, stored by code so that the inbox and analytics read them in any language. */
const REASONS: [FeedbackReason, TextKey][] = [
  ['incorrect', 'feedbackReasonWrong'],
  ['incomplete', 'feedbackReasonIncomplete'],
  ['off_topic', 'feedbackReasonOffTopic'],
];

export type MessageTools = {
  /** Stores the visitor's verdict on an answer; rejects when it could not be stored. */
  rate(messageId: string, rating: Rating, reason?: FeedbackReason): Promise<void>;
};

function iconButton(path: string, label: string, testId: string): HTMLButtonElement {
  return h('button', { type: 'button', class: 'tool', 'aria-label': label, title: label, 'data-testid': testId }, icon(path));
}

export class MessageView {
  readonly el: HTMLElement;
  private readonly bubble: HTMLElement;
  private readonly blocks: HTMLElement;
  private readonly sources: HTMLElement;
  private readonly meta: HTMLElement;
  private readonly time: HTMLTimeElement;
  private createdAt: Date;
  private text = '';
  private frame = 0;
  private toolsShown = false;

  constructor(
    readonly role: Message['role'],
    private readonly context: BlockContext,
    private readonly t: Translator,
    private readonly tools: MessageTools | null,
  ) {
    // The visitor writes in whatever language they like; an answer's direction is set from its
    // language when it starts (setDirection), until then read from its first strong letter.
    this.bubble = h('div', { class: 'bubble', dir: 'auto' });
    this.blocks = h('div', { class: 'blocks' });
    this.sources = h('nav', { class: 'sources', 'aria-label': t.text('sources'), hidden: true });
    this.createdAt = new Date();
    this.time = h('time', { class: 'time' });
    this.meta = h('div', { class: 'meta' }, this.time);
    this.el = h('div', { class: `msg msg-${role}`, 'data-role': role, 'data-testid': 'sa-message' }, this.bubble, this.blocks, this.sources, this.meta);
    this.refreshTime();
  }

  get hasText(): boolean {
    return this.text.length > 0;
  }

  /** The answer's writing direction, decided once from its language. */
  setDirection(direction: 'ltr' | 'rtl'): void {
    this.bubble.dir = direction;
    this.sources.dir = direction;
  }

  /** A complete message: from history, or the final form of a streamed one. */
  show(message: Message): void {
    // A whole or resumed answer says its language's direction, as a streamed one did at its start.
    if (message.direction === 'rtl' || message.direction === 'ltr') this.setDirection(message.direction);
    this.text = message.content;
    this.renderText();
    this.blocks.replaceChildren();
    for (const block of message.blocks ?? []) this.addBlock(block);
    this.setSources(message.sources ?? []);
    const created = message.created_at ? new Date(message.created_at) : null;
    if (created && !Number.isNaN(created.getTime())) this.createdAt = created;
    this.refreshTime();
    this.setState('done');
    if (message.id && this.role === 'assistant' && this.tools) this.showTools(message.id, this.tools);
  }

  showThinking(): void {
    this.setState('streaming');
    this.bubble.replaceChildren(h('span', { class: 'thinking', role: 'img', 'aria-label': this.t.text('thinking') }, h('i'), h('i'), h('i')));
  }

  appendText(delta: string): void {
    this.text += delta;
    if (!this.frame) this.frame = requestAnimationFrame(() => this.renderText());
  }

  addBlock(block: Block): void {
    const el = renderBlock(block, this.context);
    if (el) this.blocks.append(el);
  }

  setSources(sources: Source[]): void {
    const links = sources.flatMap((source) => {
      const href = safeWebHref(source.url);
      if (!href) return [];
      const title = typeof source.title === 'string' && source.title.trim() ? source.title.trim() : new URL(href).hostname;
      return [h('li', {}, h('a', { href, ...EXTERNAL_LINK, title, dir: 'auto', 'data-testid': 'sa-source' }, title))];
    });
    // The label and its colon in the panel's language (its own element, so that an RTL label
    // keeps its colon on the reading side).
    this.sources.replaceChildren(h('span', { class: 'sources-label' }, this.t.text('sources')), h('ul', {}, ...links));
    this.sources.hidden = links.length === 0;
  }

  /** Ends streaming; what arrived so far stays. */
  end(state: Exclude<MessageState, 'streaming'>): void {
    this.renderText();
    this.setState(state);
    if (state === 'stopped') this.meta.prepend(h('span', { class: 'msg-note' }, this.t.text('stopped')));
  }

  /** Rewrites the relative time ("2 minutes ago"); the panel calls it every minute. */
  refreshTime(now = new Date()): void {
    this.time.dateTime = this.createdAt.toISOString();
    this.time.textContent = this.t.ago(this.createdAt, now);
    this.time.title = this.createdAt.toLocaleString(this.t.tag);
  }

  private showTools(messageId: string, tools: MessageTools): void {
    if (this.toolsShown) return;
    this.toolsShown = true;
    const up = iconButton(ICON_UP, this.t.text('feedbackHelpful'), 'sa-feedback-up');
    const down = iconButton(ICON_DOWN, this.t.text('feedbackNotHelpful'), 'sa-feedback-down');
    const copy = iconButton(ICON_COPY, this.t.text('copyAnswer'), 'sa-copy');
    const status = h('span', { class: 'tool-status', role: 'status', 'data-testid': 'sa-feedback-status' });
    const rate = async (rating: Rating, reason?: FeedbackReason) => {
      up.setAttribute('aria-pressed', String(rating === 'up'));
      down.setAttribute('aria-pressed', String(rating === 'down'));
      try {
        await tools.rate(messageId, rating, reason);
        status.textContent = rating === 'up' || reason ? this.t.text('feedbackThanks') : '';
      } catch {
        up.removeAttribute('aria-pressed');
        down.removeAttribute('aria-pressed');
        status.textContent = this.t.text('errorGeneric');
      }
    };
    listen(up, 'click', async () => {
      this.el.querySelector('.reasons')?.remove();
      await rate('up');
    });
    listen(down, 'click', async () => {
      await rate('down');
      if (!this.el.querySelector('.reasons')) this.el.append(this.reasons(rate));
    });
    listen(copy, 'click', async () => {
      await navigator.clipboard.writeText(this.text);
      status.textContent = this.t.text('copied');
    });
    this.meta.append(h('span', { class: 'tools' }, up, down, copy), status);
  }

  /** Why an answer did not help: one tap on a reason, sent with the thumbs down. */
  private reasons(rate: (rating: Rating, reason: FeedbackReason) => Promise<void>): HTMLElement {
    const box = h('fieldset', { class: 'reasons', 'data-testid': 'sa-feedback-reasons' }, h('legend', {}, this.t.text('feedbackReasonPrompt')));
    for (const [reason, key] of REASONS) {
      const chip = h('button', { type: 'button', class: 'chip', 'data-testid': 'sa-feedback-reason' }, this.t.text(key));
      listen(chip, 'click', async () => {
        box.remove();
        await rate('down', reason);
      });
      box.append(chip);
    }
    return box;
  }

  private setState(state: MessageState): void {
    this.el.setAttribute('data-state', state);
  }

  private renderText(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    if (this.role === 'user') this.bubble.textContent = this.text;
    else this.bubble.replaceChildren(renderMarkdown(this.text));
  }
}
