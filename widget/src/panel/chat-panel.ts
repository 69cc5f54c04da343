// The chat panel: a dialog with the conversation log, the composer and the notices. It calls the
// service through the typed client, inside the host's session, which owns the JWT and its renewal.

import { streamMessage, type StreamEvent } from '@storefront-assistant/client';
import { adoptStyles, h, icon, ICON_CLOSE, listen } from '../dom.js';
import { detach, logError } from '../log.js';
import { directionOf } from '../theme.js';
import type { Failure, InitData, Message, PanelApi, PanelHost } from '../types.js';
import type { BlockContext } from './blocks.js';
import { describeFailure, toFailure } from './errors.js';
import { keepFocusInside } from './focus-trap.js';
import { createLeadForm } from './lead-form.js';
import { MessageView } from './message-view.js';
import { TEXT } from './strings.js';
import { PANEL_CSS } from './styles.js';

/** The service pings every 15 s; three missed pings mean the connection is gone. */
const STREAM_IDLE_TIMEOUT_MS = 45_000;
const MAX_MESSAGE_LENGTH = 4000;

type TurnOutcome = 'done' | 'error';

export class ChatPanel implements PanelApi {
  private readonly el: HTMLElement;
  private readonly title: HTMLElement;
  private readonly log: HTMLElement;
  private readonly notice: HTMLElement;
  private readonly input: HTMLTextAreaElement;
  private readonly sendButton: HTMLButtonElement;
  private readonly stopButton: HTMLButtonElement;
  private data: InitData | null = null;
  private connecting = false;
  private turn: AbortController | null = null;
  private userTurns = 0;
  private leadForm: HTMLFormElement | null = null;
  private leadAsked = false;
  /**
   * The language the last reply came in, sent as the locale of the next message: a visitor whose
   * question was answered in their own language (Arabic on an English page) keeps it for short
   * follow-ups ("thanks") that say too little to tell their language.
   */
  private replyLocale: string | undefined;
  /** Whether the log follows new content: true until the visitor scrolls up to read. */
  private stickToEnd = true;

  constructor(private readonly host: PanelHost) {
    adoptStyles(host.shadow, PANEL_CSS);
    this.title = h('h2', { class: 'title', id: 'sa-title' }, TEXT.panelTitle);
    const close = h('button', { type: 'button', class: 'icon-button', 'aria-label': TEXT.close, 'data-testid': 'sa-close' }, icon(ICON_CLOSE));
    this.log = h('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'data-testid': 'sa-messages' });
    this.notice = h('div', { class: 'notice', role: 'alert', hidden: true, 'data-testid': 'sa-notice' });
    this.input = h('textarea', {
      rows: 1,
      maxlength: MAX_MESSAGE_LENGTH,
      'aria-label': TEXT.inputLabel,
      placeholder: TEXT.placeholder,
      'data-testid': 'sa-input',
    });
    this.sendButton = h('button', { type: 'submit', class: 'btn', disabled: true, 'data-testid': 'sa-send' }, TEXT.send);
    this.stopButton = h('button', { type: 'button', class: 'btn btn-quiet', hidden: true, 'data-testid': 'sa-stop' }, TEXT.stop);
    const composer = h('form', { class: 'composer' }, this.input, this.sendButton, this.stopButton);
    this.el = h(
      'section',
      { class: 'panel', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'sa-title', hidden: true, 'data-testid': 'sa-panel' },
      h('header', { class: 'head' }, this.title, close),
      this.log,
      this.notice,
      composer,
    );
    host.dock.prepend(this.el);

    listen(close, 'click', () => host.requestClose('close_button'));
    listen(this.el, 'keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        host.requestClose('escape');
      } else {
        keepFocusInside(this.el, host.shadow, event);
      }
    });
    listen(composer, 'submit', (event) => {
      event.preventDefault();
      this.submit();
    });
    listen(this.input, 'keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        this.submit();
      }
    });
    listen(this.input, 'input', () => this.fitInput());
    listen(this.stopButton, 'click', () => this.turn?.abort());
    listen(this.log, 'scroll', () => {
      this.stickToEnd = this.log.scrollHeight - this.log.scrollTop - this.log.clientHeight < 48;
    });
    new MutationObserver(() => {
      if (this.stickToEnd) this.log.scrollTop = this.log.scrollHeight;
    }).observe(this.log, { childList: true, subtree: true, characterData: true });
  }

  show(): void {
    this.el.hidden = false;
    if (!this.data) detach(this.connect(() => this.host.session.ready()));
    this.input.focus();
  }

  hide(): void {
    this.el.hidden = true;
  }

  private async connect(init: () => Promise<InitData>): Promise<void> {
    if (this.connecting) return;
    this.connecting = true;
    this.clearNotice();
    this.log.replaceChildren(h('p', { class: 'status' }, TEXT.connecting));
    try {
      this.load(await init());
    } catch (error) {
      this.log.replaceChildren();
      this.showProblem(toFailure(error), () => detach(this.connect(init)));
    } finally {
      this.connecting = false;
    }
  }

  private load(data: InitData): void {
    const { agent } = data;
    this.data = data;
    this.title.textContent = agent.name || TEXT.panelTitle;
    this.el.dir = agent.direction === 'rtl' || agent.direction === 'ltr' ? agent.direction : directionOf(agent.locale || this.host.locale);
    this.log.replaceChildren();
    this.leadForm = null;
    if (agent.greeting) {
      const greeting = this.addMessage({ role: 'assistant', content: agent.greeting });
      greeting.el.setAttribute('data-testid', 'sa-greeting');
    }
    for (const message of data.messages ?? []) {
      if (message.role === 'user' || message.role === 'assistant') this.addMessage(message);
    }
    this.userTurns = (data.messages ?? []).filter((message) => message.role === 'user').length;
    this.sendButton.disabled = false;
    this.stickToEnd = true;
  }

  private blockContext(agent: InitData['agent']): BlockContext {
    return { agent, host: this.host, openLeadForm: () => this.openLeadForm(true) };
  }

  private addMessage(message: Message): MessageView {
    const view = this.newView(message.role);
    view.show(message);
    return view;
  }

  private newView(role: Message['role']): MessageView {
    if (!this.data) throw new Error('panel used before init');
    const view = new MessageView(role, this.blockContext(this.data.agent));
    this.log.append(view.el);
    return view;
  }

  private submit(): void {
    const text = this.input.value.trim();
    if (!text || this.turn || !this.data) return;
    this.input.value = '';
    this.fitInput();
    this.input.focus();
    this.addMessage({ role: 'user', content: text });
    this.userTurns++;
    detach(this.send(text));
  }

  /** One turn: stream the reply to `text` into a new assistant message. */
  private async send(text: string): Promise<void> {
    this.clearNotice();
    const view = this.newView('assistant');
    view.showThinking();
    const turn = new AbortController();
    this.turn = turn;
    this.setStreaming(true);
    let timedOut = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const alive = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        timedOut = true;
        turn.abort();
      }, STREAM_IDLE_TIMEOUT_MS);
    };
    alive();
    let outcome: TurnOutcome | undefined;
    try {
      const events = await this.host.session.withToken((client) =>
        streamMessage(
          client,
          { message: text, page_context: this.host.pageContext(), locale: this.replyLocale ?? this.host.locale },
          { signal: turn.signal, onChunk: alive },
        ),
      );
      for await (const event of events) outcome = this.onStreamEvent(view, event, text) ?? outcome;
      // A stream that ends without done or error was cut (proxy timeout, server restart).
      if (!outcome) throw { code: 'network' } satisfies Failure;
    } catch (error) {
      if (outcome) {
        logError(error); // after done or error the turn is settled; nothing for the visitor to do
      } else if (turn.signal.aborted && !timedOut) {
        if (view.hasText) view.end('stopped');
        else view.el.remove();
      } else {
        this.failTurn(view, timedOut ? { code: 'timeout' } : toFailure(error), text);
      }
    } finally {
      clearTimeout(watchdog);
      this.turn = null;
      this.setStreaming(false);
    }
  }

  /** Event data is typed by the client, and still checked where a wrong shape would throw. */
  private onStreamEvent(view: MessageView, { event, data }: StreamEvent, text: string): TurnOutcome | undefined {
    switch (event) {
      case 'delta':
        if (typeof data.text === 'string') view.appendText(data.text);
        return undefined;
      case 'block':
        view.addBlock(data);
        return undefined;
      case 'sources':
        if (Array.isArray(data.sources)) view.setSources(data.sources);
        return undefined;
      case 'done': {
        const message: Message | undefined = data.message;
        if (typeof message?.content === 'string') view.show({ ...message, role: 'assistant' });
        else view.end('done');
        this.host.emit('message', { message });
        this.maybeAskForLead();
        return 'done';
      }
      case 'error':
        this.failTurn(view, { code: typeof data.code === 'string' ? data.code : 'internal_error' }, text);
        return 'error';
      case 'start':
        // The reply's language can differ from the page's (an Arabic question on an English
        // shop): lay the panel out the way the reply reads.
        if (data.direction === 'rtl' || data.direction === 'ltr') this.el.dir = data.direction;
        if (typeof data.language === 'string' && data.language) this.replyLocale = data.language;
        return undefined;
    }
  }

  private failTurn(view: MessageView, failure: Failure, text: string): void {
    if (view.hasText) view.end('failed');
    else view.el.remove();
    this.showProblem(failure, () => detach(this.send(text)));
  }

  private showProblem(failure: Failure, retry: () => void): void {
    const problem = describeFailure(failure);
    this.host.emit('error', { code: failure.code, message: problem.text });
    const actions: HTMLButtonElement[] = [];
    if (problem.retry) {
      const button = h('button', { type: 'button', class: 'btn btn-quiet', 'data-testid': 'sa-retry' }, TEXT.retry);
      listen(button, 'click', () => {
        this.clearNotice();
        retry();
      });
      if (problem.waitSeconds) {
        button.disabled = true;
        setTimeout(() => (button.disabled = false), problem.waitSeconds * 1000);
      }
      actions.push(button);
    }
    if (problem.restart) {
      const button = h('button', { type: 'button', class: 'btn btn-quiet', 'data-testid': 'sa-restart' }, TEXT.newConversation);
      listen(button, 'click', () => {
        this.data = null;
        this.sendButton.disabled = true;
        detach(this.connect(() => this.host.session.restart()));
      });
      actions.push(button);
    }
    this.notice.replaceChildren(h('p', {}, problem.text), ...actions);
    this.notice.setAttribute('data-code', failure.code);
    this.notice.hidden = false;
  }

  private clearNotice(): void {
    this.notice.hidden = true;
    this.notice.replaceChildren();
    this.notice.removeAttribute('data-code');
  }

  private setStreaming(streaming: boolean): void {
    const stopHadFocus = this.host.shadow.activeElement === this.stopButton;
    this.sendButton.hidden = streaming;
    this.stopButton.hidden = !streaming;
    // While a reply streams, screen readers wait and then read it whole rather than word by word.
    this.log.setAttribute('aria-busy', String(streaming));
    if (stopHadFocus && !streaming) this.input.focus();
  }

  private fitInput(): void {
    this.input.style.height = 'auto';
    this.input.style.height = `${this.input.scrollHeight}px`;
  }

  /** After the configured number of turns, the agent asks once per page view for contact details. */
  private maybeAskForLead(): void {
    const capture = this.data?.agent.lead_capture;
    const after = capture?.ask_after_turns;
    if (!capture?.enabled || typeof after !== 'number' || after < 1 || this.userTurns < after) return;
    if (this.leadAsked || this.host.state().lead_done) return;
    this.leadAsked = true;
    this.openLeadForm(false);
  }

  private openLeadForm(focus: boolean): void {
    if (!this.leadForm) {
      this.leadForm = createLeadForm(this.host, this.data?.agent.lead_capture?.consent_text, () => (this.leadForm = null));
      this.log.append(this.leadForm);
    }
    if (focus) this.leadForm.querySelector('input')?.focus();
  }
}
