// One message in the log. Assistant text is Markdown, rendered at most once per animation frame
// while it streams; the visitor's own text is shown literally.

import { h } from '../dom.js';
import type { Block, Message, Source } from '../types.js';
import { renderBlock, type BlockContext } from './blocks.js';
import { renderMarkdown } from './markdown-dom.js';
import { TEXT } from './strings.js';
import { EXTERNAL_LINK, safeWebHref } from './url-policy.js';

export type MessageState = 'streaming' | 'done' | 'stopped' | 'failed';

export class MessageView {
  readonly el: HTMLElement;
  private readonly bubble: HTMLElement;
  private readonly blocks: HTMLElement;
  private readonly sources: HTMLElement;
  private text = '';
  private frame = 0;

  constructor(
    role: Message['role'],
    private readonly context: BlockContext,
  ) {
    this.bubble = h('div', { class: 'bubble', dir: 'auto' });
    this.blocks = h('div', { class: 'blocks' });
    this.sources = h('nav', { class: 'sources', 'aria-label': TEXT.sources, hidden: true });
    this.el = h('div', { class: `msg msg-${role}`, 'data-role': role, 'data-testid': 'sa-message' }, this.bubble, this.blocks, this.sources);
  }

  get hasText(): boolean {
    return this.text.length > 0;
  }

  /** A complete message: from history, or the final form of a streamed one. */
  show(message: Message): void {
    this.text = message.content;
    this.renderText();
    this.blocks.replaceChildren();
    for (const block of message.blocks ?? []) this.addBlock(block);
    this.setSources(message.sources ?? []);
    this.setState('done');
  }

  showThinking(): void {
    this.setState('streaming');
    this.bubble.replaceChildren(h('span', { class: 'thinking', 'aria-label': TEXT.thinking }, h('i'), h('i'), h('i')));
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
      return [h('li', {}, h('a', { href, ...EXTERNAL_LINK, title, 'data-testid': 'sa-source' }, title))];
    });
    this.sources.replaceChildren(h('span', { class: 'sources-label' }, `${TEXT.sources}:`), h('ul', {}, ...links));
    this.sources.hidden = links.length === 0;
  }

  /** Ends streaming; what arrived so far stays. */
  end(state: Exclude<MessageState, 'streaming'>): void {
    this.renderText();
    this.setState(state);
    if (state === 'stopped') this.el.append(h('span', { class: 'msg-note' }, TEXT.stopped));
  }

  private setState(state: MessageState): void {
    this.el.setAttribute('data-state', state);
  }

  private renderText(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    if (this.el.dataset.role === 'user') this.bubble.textContent = this.text;
    else this.bubble.replaceChildren(renderMarkdown(this.text));
  }
}
