// The chat panel: a dialog with the home screen or the conversation log, the composer and the
// notices, in the visitor's language (its translator). It calls the service through the typed
// client, inside the host's session, which owns the JWT and its renewal.

import {
  requestHandoff,
  sendFeedback,
  sendMessage,
  streamMessage,
  type ClientOptions,
  type HandoffRequest,
  type StreamEvent,
  type TeamMessage,
} from '@storefront-assistant/client';
import { adoptStyles, h, icon, ICON_CLOSE, listen } from '../dom.js';
import type { Translator } from '../i18n/translator.js';
import { detach, logError } from '../log.js';
import { directionOf } from '../theme.js';
import type { Failure, InitData, Message, PanelApi, PanelHost } from '../types.js';
import { handoffHref, type BlockContext } from './blocks.js';
import { describeFailure, toFailure } from './errors.js';
import { keepFocusInside } from './focus-trap.js';
import { LiveChannel, type HandoffView } from './live-channel.js';
import { avatar, createHome } from './home.js';
import { createLeadForm } from './lead-form.js';
import { MessageView, type MessageTools } from './message-view.js';
import { StreamWatch } from './stream-watch.js';
import { PANEL_CSS } from './styles.js';

/** The service pings every 15 s; three missed pings mean the connection is gone. */
const STREAM_IDLE_TIMEOUT_MS = 45_000;
/**
 * After the widget gives up on a turn (the visitor's stop, a stream a proxy garbled), the service
 * holds the conversation until it notices the closed connection and saves what it had: a turn
 * asked for in that moment gets conversation_busy. For this long it is asked again, quietly.
 */
const ABANDONED_TURN_GRACE_MS = 6000;
/** The first wait before asking again, doubled each time: a handful of requests, not one every few hundred ms. */
const BUSY_RETRY_MS = 300;
const MAX_MESSAGE_LENGTH = 4000;
const TIME_REFRESH_MS = 60_000;
const ICON_NEW = 'M12 5v14M5 12h14';
/** Below this width the panel fills the screen (styles.ts). */
const PHONE = '(max-width: 480px)';

type TurnOutcome = 'done' | 'error';

/** Why the lead form opens: the visitor asked for a person, or the agent's lead trigger fired. */
type LeadReason = 'asked' | 'handoff' | 'after_turns' | 'exit_intent';

export class ChatPanel implements PanelApi {
  private readonly el: HTMLElement;
  private readonly title: HTMLElement;
  private readonly headAvatar: HTMLElement;
  private readonly log: HTMLElement;
  private readonly notice: HTMLElement;
  private readonly leadSlot: HTMLElement;
  private readonly composer: HTMLFormElement;
  private readonly input: HTMLTextAreaElement;
  private readonly sendButton: HTMLButtonElement;
  private readonly stopButton: HTMLButtonElement;
  private readonly views = new Set<MessageView>();
  private data: InitData | null = null;
  private connecting = false;
  private turn: AbortController | null = null;
  /** When the widget last gave up on a turn of its own (see ABANDONED_TURN_GRACE_MS). */
  private abandonedAt = Number.NEGATIVE_INFINITY;
  private userTurns = 0;
  private leadForm: HTMLFormElement | null = null;
  /** Triggers fire once per page view; the visitor asking opens the form whenever they ask. */
  private leadOffered = false;
  private home: HTMLElement | null = null;
  private unread = 0;
  private visible = false;
  /** Set once a stream is seen held back by a proxy: every later turn asks for the whole answer. */
  private synchronous = false;
  /**
   * The language the last reply came in, sent as the locale of the next message: a visitor whose
   * question was answered in their own language (Arabic on an English page) keeps it for short
   * follow-ups ("thanks") that say too little to tell their language.
   */
  private replyLocale: string | undefined;
  /** Whether the log follows new content: true until the visitor scrolls up to read. */
  private stickToEnd = true;
  private readonly tools: MessageTools;
  /** The conversation's live channel (handoff state, team replies), per loaded conversation. */
  private live: LiveChannel | null = null;
  /** Who answers, as the live channel last said; null until it said. */
  private handoff: HandoffView['state'] | null = null;
  private memberName: string | null = null;

  constructor(
    private readonly host: PanelHost,
    private readonly t: Translator,
  ) {
    adoptStyles(host.shadow, PANEL_CSS);
    this.tools = {
      rate: async (messageId, rating, reason) => {
        await host.session.withToken((client) => sendFeedback(client, { message_id: messageId, rating, ...(reason ? { reason } : {}) }));
      },
    };
    this.headAvatar = h('span', { class: 'head-avatar' });
    this.title = h('h2', { class: 'title', id: 'sa-title' }, t.text('panelTitle'));
    const subtitle = h('p', { class: 'subtitle' }, t.text('homeRepliesInstantly'));
    const restart = h(
      'button',
      { type: 'button', class: 'icon-button', 'aria-label': t.text('newConversation'), title: t.text('newConversation'), 'data-testid': 'sa-new' },
      icon(ICON_NEW),
    );
    const close = h('button', { type: 'button', class: 'icon-button', 'aria-label': t.text('close'), 'data-testid': 'sa-close' }, icon(ICON_CLOSE));
    this.log = h('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'data-testid': 'sa-messages' });
    this.notice = h('div', { class: 'notice', role: 'alert', hidden: true, 'data-testid': 'sa-notice' });
    this.leadSlot = h('div', { class: 'lead-slot', hidden: true });
    this.input = h('textarea', {
      rows: 1,
      maxlength: MAX_MESSAGE_LENGTH,
      dir: 'auto',
      enterkeyhint: 'send',
      'aria-label': t.text('inputLabel'),
      placeholder: t.text('placeholder'),
      'data-testid': 'sa-input',
    });
    this.sendButton = h('button', { type: 'submit', class: 'btn', disabled: true, 'data-testid': 'sa-send' }, t.text('send'));
    this.stopButton = h('button', { type: 'button', class: 'btn btn-quiet', hidden: true, 'data-testid': 'sa-stop' }, t.text('stop'));
    this.composer = h('form', { class: 'composer' }, this.input, this.sendButton, this.stopButton);
    // The chrome reads in the panel's language, whatever language a reply comes in.
    this.el = h(
      'section',
      {
        class: 'panel',
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': 'sa-title',
        lang: t.tag,
        dir: directionOf(t.tag),
        hidden: true,
        'data-testid': 'sa-panel',
      },
      h('header', { class: 'head' }, this.headAvatar, h('div', { class: 'head-text' }, this.title, subtitle), restart, close),
      this.log,
      this.notice,
      this.leadSlot,
      this.composer,
    );
    host.dock.prepend(this.el);
    host.setLauncherLabels(t.text('openChat'), t.text('close'));

    listen(close, 'click', () => host.requestClose('close_button'));
    listen(restart, 'click', () => this.restart());
    listen(this.el, 'keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        host.requestClose('escape');
      } else {
        keepFocusInside(this.el, host.shadow, event);
      }
    });
    listen(this.composer, 'submit', (event) => {
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
    // A phone's on-screen keyboard shrinks the visual viewport, not the layout one: the
    // full-screen panel follows the visual viewport, so the composer stays above the keyboard.
    const viewport = window.visualViewport;
    const fitViewport = () => {
      if (!viewport || !matchMedia(PHONE).matches) {
        this.el.style.removeProperty('height');
        this.el.style.removeProperty('top');
        return;
      }
      this.el.style.setProperty('height', `${viewport.height}px`);
      this.el.style.setProperty('top', `${viewport.offsetTop}px`);
    };
    viewport?.addEventListener('resize', fitViewport);
    viewport?.addEventListener('scroll', fitViewport);
    listen(this.stopButton, 'click', () => this.turn?.abort());
    listen(this.log, 'scroll', () => {
      this.stickToEnd = this.log.scrollHeight - this.log.scrollTop - this.log.clientHeight < 48;
    });
    new MutationObserver(() => {
      if (this.stickToEnd) this.log.scrollTop = this.log.scrollHeight;
    }).observe(this.log, { childList: true, subtree: true, characterData: true });
    setInterval(() => {
      if (this.visible) for (const view of this.views) view.refreshTime();
    }, TIME_REFRESH_MS);
    // Exit intent: the pointer leaves the page through its top edge (towards the tabs and the address bar).
    document.documentElement.addEventListener('mouseleave', (event) => {
      if (event.clientY <= 0) this.offerLead('exit_intent');
    });
  }

  show(): void {
    this.visible = true;
    this.el.hidden = false;
    this.setUnread(0);
    this.lockPageScroll(true);
    for (const view of this.views) view.refreshTime();
    if (!this.data) detach(this.connect(() => this.host.session.ready()));
    else this.live?.start();
    this.rememberSeen();
    this.input.focus();
  }

  hide(): void {
    this.visible = false;
    this.el.hidden = true;
    this.lockPageScroll(false);
    this.followLive();
  }

  /**
   * Loads the conversation without showing it, so that team replies reach the launcher's badge
   * while the panel is closed (the loader asks when a resumed conversation has the team in it).
   */
  watch(): void {
    if (!this.data) detach(this.connect(() => this.host.session.ready()));
  }

  /** Whether a person of the team holds the conversation, or one was asked for: the assistant is silent. */
  private held(): boolean {
    return this.handoff === 'waiting_for_human' || this.handoff === 'human';
  }

  /** Open: the channel runs. Closed: only while the team has the conversation, for the unread badge. */
  private followLive(): void {
    if (this.visible || this.held()) this.live?.start();
    else this.live?.stop();
  }

  /** Below 480 px the panel covers the screen: the page under it must not scroll instead of the log. */
  private lockPageScroll(lock: boolean): void {
    const root = document.documentElement;
    if (lock && matchMedia(PHONE).matches) root.style.setProperty('overflow', 'hidden', 'important');
    else root.style.removeProperty('overflow');
  }

  private restart(): void {
    if (this.turn) this.turn.abort();
    this.live?.stop();
    this.live = null;
    this.data = null;
    this.sendButton.disabled = true;
    this.closeLeadForm();
    detach(this.connect(() => this.host.session.restart()));
  }

  private async connect(init: () => Promise<InitData>): Promise<void> {
    if (this.connecting) return;
    this.connecting = true;
    this.clearNotice();
    this.log.replaceChildren(h('p', { class: 'status' }, this.t.text('connecting')));
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
    // The owner's name keeps its own direction (<bdi>) and sits where the panel's language starts.
    this.title.replaceChildren(agent.name ? h('bdi', {}, agent.name) : this.t.text('panelTitle'));
    this.headAvatar.replaceChildren(avatar(agent.name || this.t.text('panelTitle'), agent.theme?.avatar_url));
    this.log.replaceChildren();
    this.views.clear();
    this.home = null;
    this.handoff = null;
    this.memberName = null;
    this.live?.stop();
    const live = new LiveChannel(this.host.session, {
      state: (view) => this.onHandoff(view),
      message: (message) => this.onTeamMessage(message),
      transport: (kind) => this.el.setAttribute('data-live', kind),
    });
    this.live = live;
    const history = (data.messages ?? []).filter((message) => message.role === 'user' || message.role === 'assistant' || message.role === 'team');
    if (history.length === 0) {
      const href = handoffHref(agent.handoff);
      this.home = createHome(agent, this.host.pageContext(), this.t, {
        ask: (question) => this.submit(question),
        // The agent offers a person up front: asked for live, in this conversation.
        talkToPerson: this.offersPerson()
          ? () => detach(this.askForPerson('talk_to_person'))
          : href
            ? { href }
            : this.canTakeLead()
              ? () => this.openLeadForm('asked')
              : null,
        personLabel: agent.handoff?.label?.trim() || this.t.text('talkToHuman'),
      });
      this.log.append(this.home);
    } else {
      this.addGreeting();
      let unread = 0;
      for (const message of history) {
        if (message.role === 'team') {
          live.know(message.id);
          this.addTeamMessage(message);
          // Replies after the last one the visitor saw arrived while the panel was closed or the page away.
          unread = message.id === this.host.state().team_seen ? 0 : unread + 1;
        } else {
          this.addMessage(message);
          this.rememberReplyLanguage(message); // a resumed conversation continues in its last reply's language
        }
      }
      if (!this.visible && unread > 0) this.setUnread(unread);
    }
    this.rememberSeen();
    this.followLive();
    // A conversation the team has in hand is followed even while the panel is closed.
    if (history.some((message) => message.role === 'team')) live.start();
    this.userTurns = history.filter((message) => message.role === 'user').length;
    this.sendButton.disabled = false;
    this.stickToEnd = true;
  }

  /** Once the conversation starts, the home screen gives way to the agent's greeting. */
  private addGreeting(): void {
    const greeting = this.data?.agent.greeting;
    if (!greeting) return;
    const view = this.newView('assistant', false);
    view.show({ role: 'assistant', content: greeting });
    view.el.setAttribute('data-testid', 'sa-greeting');
  }

  private blockContext(agent: InitData['agent']): BlockContext {
    return {
      agent,
      host: this.host,
      t: this.t,
      openLeadForm: () => this.openLeadForm('asked'),
      askForPerson: agent.handoff?.live !== false ? () => detach(this.askForPerson('escalation_button')) : undefined,
    };
  }

  private addMessage(message: Message): MessageView {
    const view = this.newView(message.role);
    view.show(message);
    return view;
  }

  private newView(role: Message['role'], withTools = true): MessageView {
    if (!this.data) throw new Error('panel used before init');
    const view = new MessageView(role, this.blockContext(this.data.agent), this.t, withTools ? this.tools : null);
    this.views.add(view);
    this.log.append(view.el);
    return view;
  }

  /** A reply from the store's team: who wrote it above the text, no rating tools (it is not the assistant's). */
  private addTeamMessage(message: Message): void {
    const view = this.newView('team', false);
    view.show(message);
    if (message.id) view.el.setAttribute('data-id', message.id);
    view.el.prepend(h('p', { class: 'author', dir: 'auto' }, message.author?.name || this.t.text('teamMember')));
  }

  private onTeamMessage(message: TeamMessage): void {
    this.leaveHome();
    this.addTeamMessage(message);
    this.host.emit('message', { message });
    if (this.visible) this.rememberSeen();
    else this.setUnread(this.unread + 1);
  }

  /** What the team did with the conversation, said once per change in the log. */
  private onHandoff(view: HandoffView): void {
    const before = this.handoff;
    const state = view.state;
    this.handoff = state;
    this.el.setAttribute('data-handoff', state);
    const member = state === 'human' ? (view.member?.name ?? null) : null;
    if (state === 'waiting_for_human' && before !== state) this.addNote(this.t.text('handoffWaiting', { store: this.storeName() }));
    if (member && member !== this.memberName) this.addNote(this.t.text('handoffJoined', { name: member }));
    if (state === 'bot' && (before === 'human' || before === 'waiting_for_human')) this.addNote(this.t.text('handoffBackToAssistant'));
    if (state === 'resolved' && before !== null && before !== state) this.addNote(this.t.text('handoffResolved'));
    this.memberName = member ?? (state === 'human' ? this.memberName : null);
    this.followLive();
  }

  private addNote(text: string): void {
    this.leaveHome();
    this.log.append(h('p', { class: 'note', role: 'status', 'data-testid': 'sa-handoff-note' }, text));
  }

  /** How the visitor knows the store: the site's own name (og:site_name, which shop systems set), else its address. */
  private storeName(): string {
    return this.host.pageContext().og?.site_name?.trim() || location.hostname.replace(/^www\./, '');
  }

  /** A person is asked for in the conversation itself when the team takes conversations live and the agent offers it. */
  private offersPerson(): boolean {
    const handoff = this.data?.agent.handoff;
    return handoff?.live !== false && handoff?.offer_person === true;
  }

  /** The visitor asks for a person: the team is told, or the visitor is told nobody can answer now and gets the lead form. */
  private async askForPerson(source: HandoffRequest['source']): Promise<void> {
    this.clearNotice();
    try {
      const answer = await this.host.session.withToken((client) => requestHandoff(client, { source }));
      if (answer.available) {
        this.onHandoff({ state: answer.state, member: null });
        this.live?.start();
      } else {
        this.addNote(this.t.text('handoffUnavailable'));
        if (this.canTakeLead()) this.openLeadForm('asked');
      }
    } catch (error) {
      this.showProblem(toFailure(error), () => detach(this.askForPerson(source)));
    }
  }

  private setUnread(count: number): void {
    this.unread = count;
    this.host.setUnread(count, count > 0 ? this.t.count('unread', count) : '');
  }

  /** The last team reply the visitor saw, kept across page views: the replies after it are unread. */
  private rememberSeen(): void {
    if (!this.visible) return;
    const last = [...this.views].reverse().find((view) => view.role === 'team');
    const id = last?.el.getAttribute('data-id');
    if (id && id !== this.host.state().team_seen) this.host.remember({ team_seen: id });
  }

  private leaveHome(): void {
    if (!this.home) return;
    this.home.remove();
    this.home = null;
    this.addGreeting();
  }

  private submit(suggested?: string): void {
    const text = (suggested ?? this.input.value).trim();
    if (!text || this.turn || !this.data) return;
    this.leaveHome();
    if (suggested === undefined) {
      this.input.value = '';
      this.fitInput();
    }
    this.input.focus();
    this.addMessage({ role: 'user', content: text });
    this.userTurns++;
    detach(this.synchronous ? this.ask(text) : this.send(text));
  }

  /** One turn through the streaming endpoint: the reply to `text` fills in as it arrives. */
  private async send(text: string): Promise<void> {
    this.clearNotice();
    const view = this.newView('assistant');
    // While the team has the conversation no answer is coming: no thinking dots either.
    if (!this.held()) view.showThinking();
    const turn = this.beginTurn();
    let timedOut = false;
    let garbled = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const alive = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        timedOut = true;
        turn.abort();
      }, STREAM_IDLE_TIMEOUT_MS);
    };
    const watch = new StreamWatch((reason) => {
      this.synchronous = true;
      this.el.setAttribute('data-transport', 'whole');
      // Bytes that never become events are not our stream (a proxy rewrote it): ask for the
      // whole answer instead. A stream that is merely held back still brings its answer.
      if (reason === 'bytes without events') {
        garbled = true;
        turn.abort();
      }
    });
    alive();
    let outcome: TurnOutcome | undefined;
    try {
      const events = await this.whenFree(turn.signal, (client) =>
        streamMessage(client, this.messageBody(text), {
          signal: turn.signal,
          onChunk: () => {
            alive();
            watch.chunk();
          },
        }),
      );
      for await (const event of events) {
        watch.event();
        outcome = this.onStreamEvent(view, event, text) ?? outcome;
      }
      // A stream that ends without done or error was cut (proxy timeout, server restart).
      if (!outcome) throw { code: 'network' } satisfies Failure;
      watch.end();
    } catch (error) {
      watch.cancel();
      if (turn.signal.aborted) this.abandonedAt = Date.now();
      if (outcome) {
        logError(error); // after done or error the turn is settled; nothing for the visitor to do
      } else if (garbled) {
        view.el.remove();
        this.views.delete(view);
        this.endTurn();
        detach(this.ask(text));
        return;
      } else if (turn.signal.aborted && !timedOut) {
        if (view.hasText) view.end('stopped');
        else this.dropView(view);
      } else {
        this.failTurn(view, timedOut ? { code: 'timeout' } : toFailure(error), text);
      }
    } finally {
      clearTimeout(watchdog);
    }
    this.endTurn();
  }

  /** One turn through the synchronous endpoint, once streams are known not to get through. */
  private async ask(text: string): Promise<void> {
    this.clearNotice();
    const view = this.newView('assistant');
    view.showThinking();
    const turn = this.beginTurn();
    try {
      const { message } = await this.whenFree(turn.signal, (client) => sendMessage(client, this.messageBody(text), { signal: turn.signal }));
      this.rememberReplyLanguage(message);
      this.finishAnswer(view, { ...message, role: 'assistant' });
    } catch (error) {
      if (turn.signal.aborted) this.dropView(view);
      else this.failTurn(view, toFailure(error), text);
    }
    this.endTurn();
  }

  /** A turn's request, asked again while the service still finishes a turn the widget gave up on. */
  private async whenFree<T>(signal: AbortSignal, call: (client: ClientOptions) => Promise<T>): Promise<T> {
    for (let wait = BUSY_RETRY_MS; ; wait *= 2) {
      try {
        return await this.host.session.withToken(call);
      } catch (error) {
        const busy = toFailure(error).code === 'conversation_busy';
        if (!busy || signal.aborted || Date.now() + wait - this.abandonedAt > ABANDONED_TURN_GRACE_MS) throw error;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  private messageBody(text: string) {
    return { message: text, page_context: this.host.pageContext(), locale: this.replyLocale ?? this.host.locale };
  }

  private beginTurn(): AbortController {
    const turn = new AbortController();
    this.turn = turn;
    this.setStreaming(true);
    return turn;
  }

  private endTurn(): void {
    this.turn = null;
    this.setStreaming(false);
  }

  private dropView(view: MessageView): void {
    view.el.remove();
    this.views.delete(view);
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
        if (typeof message?.content === 'string') this.finishAnswer(view, { ...message, role: 'assistant' });
        else view.end('done');
        return 'done';
      }
      case 'error':
        this.failTurn(view, { code: typeof data.code === 'string' ? data.code : 'internal_error' }, text);
        return 'error';
      case 'held':
        // A person of the team holds the conversation: the message was kept for them and the
        // assistant stays silent, so there is no answer to wait for.
        this.dropView(view);
        return 'done';
      case 'start':
        // The reply's language can differ from the panel's (an Arabic question on an English
        // shop): the answer reads in its own direction, decided once; the chrome stays as it is.
        if (data.direction === 'rtl' || data.direction === 'ltr') view.setDirection(data.direction);
        this.rememberReplyLanguage(data);
        return undefined;
    }
  }

  /** The last reply's language, sent as the locale of the next message (see replyLocale). */
  private rememberReplyLanguage({ language }: { language?: unknown }): void {
    if (typeof language === 'string' && language) this.replyLocale = language;
  }

  private finishAnswer(view: MessageView, message: Message): void {
    view.show(message);
    this.host.emit('message', { message });
    if (!this.visible) this.setUnread(this.unread + 1);
    if (message.blocks?.some((block) => block.kind === 'escalation_button')) this.offerLead('handoff');
    this.offerLead('after_turns');
  }

  private failTurn(view: MessageView, failure: Failure, text: string): void {
    if (view.hasText) view.end('failed');
    else this.dropView(view);
    this.showProblem(failure, () => detach(this.synchronous ? this.ask(text) : this.send(text)));
  }

  private showProblem(failure: Failure, retry: () => void): void {
    const problem = describeFailure(failure);
    const text = this.t.text(problem.text);
    this.host.emit('error', { code: failure.code, message: text });
    const actions: HTMLButtonElement[] = [];
    if (problem.retry) {
      const button = h('button', { type: 'button', class: 'btn btn-quiet', 'data-testid': 'sa-retry' }, this.t.text('retry'));
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
      const button = h('button', { type: 'button', class: 'btn btn-quiet', 'data-testid': 'sa-restart' }, this.t.text('newConversation'));
      listen(button, 'click', () => this.restart());
      actions.push(button);
    }
    this.notice.replaceChildren(h('p', {}, text), ...actions);
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

  /** Whether a lead can be taken here: lead capture on, and no hand-off elsewhere (a link, an address). */
  private canTakeLead(): boolean {
    const agent = this.data?.agent;
    const handoff = agent?.handoff?.type;
    return agent?.lead_capture?.enabled === true && (!handoff || handoff === 'lead_form') && !this.host.state().lead_done;
  }

  /**
   * The agent's lead trigger (never, on hand-off, after N visitor turns, on exit intent) offers
   * the form once per page view. Agents configured before triggers existed ask after their turns.
   */
  private offerLead(reason: Exclude<LeadReason, 'asked'>): void {
    const capture = this.data?.agent.lead_capture;
    if (!this.visible || this.leadOffered || this.leadForm || !this.canTakeLead() || !capture) return;
    const after = capture.ask_after_turns;
    const trigger = capture.trigger ?? (typeof after === 'number' ? 'after_turns' : 'never');
    if (trigger !== reason) return;
    if (reason === 'after_turns' && !(typeof after === 'number' && after >= 1 && this.userTurns >= after)) return;
    if (reason === 'exit_intent' && this.userTurns === 0) return;
    this.leadOffered = true;
    this.openLeadForm(reason);
  }

  private openLeadForm(reason: LeadReason): void {
    if (!this.leadForm) {
      this.leadForm = createLeadForm(this.host, this.t, this.data?.agent.lead_capture?.consent_text, (end) => {
        this.closeLeadForm();
        if (end === 'sent') this.log.append(h('p', { class: 'note', role: 'status', 'data-testid': 'sa-lead-done' }, this.t.text('leadThanks')));
      });
      this.leadForm.setAttribute('data-reason', reason);
      this.leadSlot.replaceChildren(this.leadForm);
      this.leadSlot.hidden = false;
      this.composer.hidden = true;
    }
    this.leadForm.querySelector('input')?.focus();
  }

  private closeLeadForm(): void {
    this.leadForm = null;
    this.leadSlot.replaceChildren();
    this.leadSlot.hidden = true;
    this.composer.hidden = false;
  }
}
