// One embedded agent: its host element and shadow root, launcher, teaser, session, telemetry and
// (once opened) its chat panel. Instances share nothing with each other.

import { adoptStyles, h, icon, ICON_CLOSE, listen } from './dom.js';
import { LAUNCHER_CSS } from './launcher-styles.js';
import { loadCatalogue } from './i18n/catalogue-script.js';
import { detach, guard, logError } from './log.js';
import { collectPageContext } from './page-context.js';
import { onScrollDepth } from './scroll-trigger.js';
import { Session, type ShopperTokenSource } from './session.js';
import { AgentStore, browserStorage, storageKey } from './storage.js';
import { Telemetry } from './telemetry.js';
import { DEFAULT_COLOR, pageLocale, parseHexColor, textColorOn } from './theme.js';
import type { Agent, InitData, MountPanel, PageContext, PanelApi, WidgetEvent } from './types.js';

export type InstanceOptions = {
  agentId: string;
  /** Where widget.js was loaded from: the service's base URL. */
  base: string;
  /** The widget script's CSP nonce, for the catalogue script it loads. */
  nonce: string;
  /** Position among the page's widgets, to stack launchers instead of overlapping them. */
  index: number;
  loadPanel: () => Promise<MountPanel>;
  emit: (event: WidgetEvent, payload: Record<string, unknown>) => void;
};

/** After the page's own start-up work (setTimeout where requestIdleCallback is missing). */
const whenIdle = (callback: () => void) => (window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1)))(callback, { timeout: 2000 });

const ICON_CHAT = 'M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12z';
const LAUNCHER_SPACING_PX = 76;

/** Host-element styles set through the CSSOM (allowed under any CSP): they apply even if the
 * shadow stylesheet cannot load, so the host never takes room in the page's layout. */
const HOST_STYLES: [string, string][] = [
  ['position', 'fixed'],
  ['bottom', '0'],
  ['right', '0'],
  ['width', '0'],
  ['height', '0'],
  ['z-index', '2147483000'],
];

function safePageContext(): PageContext {
  try {
    return collectPageContext();
  } catch (error) {
    logError('could not read the page context', error);
    return { url: location.origin + location.pathname };
  }
}

export class Instance {
  readonly agentId: string;
  private readonly host: HTMLElement;
  private readonly shadow: ShadowRoot;
  private readonly dock: HTMLElement;
  private readonly launcher: HTMLButtonElement;
  private readonly badge: HTMLElement;
  private readonly teaser: HTMLElement;
  private readonly teaserText: HTMLButtonElement;
  private readonly teaserClose: HTMLButtonElement;
  private readonly store: AgentStore;
  private readonly session: Session;
  private readonly telemetry: Telemetry;
  private readonly locale = pageLocale();
  private panel: PanelApi | null = null;
  private mounting = false;
  /** English until the visitor's catalogue, loaded when idle after init, says them in their language. */
  private labels = { open: 'Open chat', close: 'Close chat' };
  private teaserDefault = 'Questions? Chat with us.';
  private unreadLabel = '';
  private opened = false;
  private teaserArmed = false;

  constructor(private readonly options: InstanceOptions) {
    this.agentId = options.agentId;
    this.store = new AgentStore(storageKey(options.agentId), browserStorage());

    const host = document.createElement('storefront-assistant');
    this.host = host;
    host.setAttribute('data-agent-id', options.agentId);
    for (const [property, value] of HOST_STYLES) host.style.setProperty(property, value, 'important');
    this.shadow = host.attachShadow({ mode: 'open' }); // open: tests and assistive tools can reach in
    adoptStyles(this.shadow, LAUNCHER_CSS);

    this.launcher = h(
      'button',
      { type: 'button', class: 'launcher', 'aria-expanded': 'false', 'aria-haspopup': 'dialog', 'aria-label': 'Open chat', 'data-testid': 'sa-launcher' },
      icon(ICON_CHAT, 'icon-open'),
      icon(ICON_CLOSE, 'icon-close'),
    );
    this.badge = h('span', { class: 'badge', hidden: true, 'aria-hidden': 'true', 'data-testid': 'sa-unread' });
    this.launcher.append(this.badge);
    this.teaserText = h('button', { type: 'button', class: 'teaser-text', 'data-testid': 'sa-teaser-open' });
    const teaserClose = h('button', { type: 'button', class: 'teaser-close', 'aria-label': 'Dismiss', 'data-testid': 'sa-teaser-dismiss' }, icon(ICON_CLOSE));
    this.teaserClose = teaserClose;
    this.teaser = h('div', { class: 'teaser', hidden: true, 'data-testid': 'sa-teaser' }, this.teaserText, teaserClose);
    this.dock = h('div', { class: 'dock' }, this.teaser, this.launcher);
    this.dock.style.setProperty('--sa-offset', `${options.index * LAUNCHER_SPACING_PX}px`);
    this.applyColor(this.store.get().color);
    this.shadow.append(this.dock);
    document.body.append(host);

    listen(this.launcher, 'click', () => (this.opened ? this.close('launcher') : this.open('launcher')));
    listen(this.teaserText, 'click', () => this.open('teaser'));
    listen(teaserClose, 'click', () => {
      this.teaser.hidden = true;
      this.store.update({ teaser_dismissed: true });
      this.telemetry.track('dismiss', { target: 'teaser' });
    });

    this.session = new Session({
      base: options.base,
      agentId: options.agentId,
      store: this.store,
      locale: this.locale,
      pageContext: safePageContext,
      onInit: guard((data: InitData) => this.onInit(data)),
    });
    this.telemetry = new Telemetry(options.base, this.session);
    // Init early, but after the page's own start-up work, so that the launcher has its colour and
    // a returning visitor's conversation is ready when the panel opens.
    whenIdle(() => detach(this.session.ready().catch((error: unknown) => this.reportInitFailure(error))));
  }

  open(source: string): void {
    if (this.opened) return;
    this.opened = true;
    this.teaser.hidden = true;
    this.setLauncherState();
    this.telemetry.track('launcher_open', { source });
    this.options.emit('open', { source });
    if (this.panel) this.panel.show();
    else detach(this.mountPanel());
  }

  close(source: string): void {
    if (!this.opened) return;
    // Focus goes back to the launcher only when it was in the panel: an API close must not move
    // the visitor's focus around the host page.
    const focusInPanel = this.shadow.activeElement !== null && this.shadow.activeElement !== this.launcher;
    this.opened = false;
    this.panel?.hide();
    this.setLauncherState();
    if (focusInPanel) this.launcher.focus();
    this.telemetry.track('launcher_close', { source });
    this.options.emit('close', { source });
  }

  identify(source: ShopperTokenSource): void {
    const renewal = this.session.identify(source);
    if (renewal) detach(renewal);
  }

  private async mountPanel(): Promise<void> {
    if (this.mounting) return;
    this.mounting = true;
    this.launcher.setAttribute('aria-busy', 'true');
    try {
      const mount = await this.options.loadPanel();
      this.panel ??= await mount({
        dock: this.dock,
        shadow: this.shadow,
        session: this.session,
        locale: this.locale,
        pageContext: safePageContext,
        state: () => this.store.get(),
        remember: (patch) => this.store.update(patch),
        track: (name, props) => this.telemetry.track(name, props),
        emit: (event, payload = {}) => this.options.emit(event, payload),
        requestClose: (source) => this.close(source),
        setUnread: (count, label) => this.setUnread(count, label),
        setLauncherLabels: (open, close) => {
          this.labels = { open, close };
          this.setLauncherState();
        },
      });
      if (this.opened) this.panel.show();
      else this.panel.watch();
    } catch (error) {
      logError('the chat panel could not be loaded', error);
      this.opened = false;
      this.setLauncherState();
    } finally {
      this.mounting = false;
      this.launcher.removeAttribute('aria-busy');
    }
  }

  private setUnread(count: number, label: string): void {
    this.badge.textContent = count > 0 ? String(Math.min(count, 9)) : '';
    this.badge.hidden = count <= 0;
    this.unreadLabel = count > 0 ? label : '';
    this.setLauncherState();
  }

  private setLauncherState(): void {
    this.launcher.setAttribute('aria-expanded', String(this.opened));
    // The badge is hidden from assistive technology: its count is read in the label.
    this.launcher.setAttribute('aria-label', this.opened ? this.labels.close : [this.labels.open, this.unreadLabel].filter(Boolean).join(', '));
    this.host.toggleAttribute('data-open', this.opened);
  }

  private onInit({ agent, conversation_id, messages }: InitData): void {
    // The team has replied in this conversation: the panel follows it closed, for the unread badge.
    if (!this.panel && messages.some((message) => message.role === 'team')) whenIdle(() => detach(this.mountPanel()));
    const color = parseHexColor(agent.theme?.color);
    if (color) {
      this.applyColor(color);
      this.store.update({ color });
    }
    this.armTeaser(agent);
    whenIdle(() => detach(this.localize(agent.locale)));
    this.options.emit('ready', { conversationId: conversation_id });
  }

  /**
   * The launcher's and teaser's words in the visitor's language, from the catalogue the panel
   * uses (the page's language, else the agent's), fetched when idle so that the loader carries
   * none. Missing or unloadable, they stay English.
   */
  private async localize(agentLocale: string | undefined): Promise<void> {
    const catalogue = await loadCatalogue([this.locale, agentLocale], { base: this.options.base, nonce: this.options.nonce });
    const word = (key: string, english: string) => {
      const text = catalogue?.[key];
      return typeof text === 'string' && text.trim() ? text : english;
    };
    this.labels = { open: word('openChat', this.labels.open), close: word('close', this.labels.close) };
    this.setLauncherState();
    this.teaserClose.setAttribute('aria-label', word('teaserDismiss', 'Dismiss'));
    this.teaserDefault = word('teaserDefault', this.teaserDefault);
  }

  private applyColor(color: string | undefined): void {
    const accent = parseHexColor(color) ?? DEFAULT_COLOR;
    this.dock.style.setProperty('--sa-accent', accent);
    this.dock.style.setProperty('--sa-on-accent', textColorOn(accent));
  }

  /** The agent may open a teaser bubble once the visitor has scrolled a given depth of the page. */
  private armTeaser(agent: Agent): void {
    const teaser = agent.theme?.teaser;
    const depth = teaser?.scroll_depth;
    if (this.teaserArmed || typeof depth !== 'number' || !(depth > 0 && depth <= 100)) return;
    this.teaserArmed = true;
    onScrollDepth(depth, () => {
      if (this.opened || this.store.get().teaser_dismissed) return;
      this.teaserText.textContent = teaser?.text || agent.greeting || this.teaserDefault;
      this.teaser.hidden = false;
      this.telemetry.track('scroll_trigger', { depth });
    });
  }

  private reportInitFailure(error: unknown): void {
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    logError(`agent ${this.agentId}: init failed (${String(code ?? 'error')})`, message ?? error);
    this.options.emit('error', { code: typeof code === 'string' ? code : 'network' });
  }
}
