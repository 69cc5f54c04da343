// The widget's view of the wire shapes of the widget API (shared/contract.md section 4), built on
// the client's types generated from the service's OpenAPI document, and the interface between the
// loader bundle and the lazily loaded panel bundle, which both import it.

import type { ApiError, ClientOptions, InitResponse, Message as WireMessage, WidgetEvent as WireEvent } from '@storefront-assistant/client';

export type { Block, Source } from '@storefront-assistant/client';

/** A message as the panel shows it: from the service, or made here (the greeting, the visitor's
 * own text) without id, blocks or sources. */
export type Message = Pick<WireMessage, 'role' | 'content'> & Partial<WireMessage>;

export type Handoff = {
  type?: 'url' | 'email' | 'lead_form';
  value?: string;
  label?: string;
  /** False: nobody of the team takes conversations over live (absent: they do). */
  live?: boolean | null;
  /** Offer "Talk to a person" up front, on the home screen. */
  offer_person?: boolean | null;
};

/** When the lead form is offered besides the visitor asking for a person: never, on the agent's
 * hand-off, after `ask_after_turns` visitor turns, or when the visitor moves to leave the page. */
export type LeadTrigger = 'never' | 'handoff' | 'after_turns' | 'exit_intent';

export type LeadCapture = { enabled?: boolean; trigger?: LeadTrigger | null; ask_after_turns?: number | null; consent_text?: string };

export type Teaser = { text?: string; scroll_depth?: number };

/** The document leaves an agent's settings open (they are the owner's configuration); these are
 * the ones the widget reads. */
export type Agent = Omit<InitResponse['agent'], 'lead_capture' | 'handoff' | 'theme' | 'suggestions'> & {
  /** The home screen's suggested questions: the owner's own, else the site type's samples. */
  suggestions?: string[];
  lead_capture?: LeadCapture;
  handoff?: Handoff;
  theme?: { color?: string; teaser?: Teaser; avatar_url?: string | null };
};

export type InitData = Omit<InitResponse, 'agent'> & { agent: Agent };

export type PageContext = {
  url: string;
  canonical_url?: string;
  title?: string;
  description?: string;
  og?: Partial<Record<'title' | 'description' | 'image' | 'type' | 'site_name' | 'url', string>>;
  json_ld?: unknown[];
  headings?: string[];
  body_text?: string;
};

/** What a failed call rejects with: the client's ApiError, or a failure the widget itself
 * noticed ("timeout", a stream cut short). Read by shape, never by instanceof: the panel bundle
 * does not share class identity with the loader bundle. */
export type Failure = { code: string } & Partial<Pick<ApiError, 'message' | 'status' | 'retryAfter' | 'errors'>>;

export type WidgetEvent = 'ready' | 'open' | 'close' | 'message' | 'lead' | 'error';

export type TelemetryName = WireEvent['name'];

export type TelemetryProps = NonNullable<WireEvent['props']>;

export type AgentState = {
  visitor_id?: string;
  conversation_id?: string;
  /** Last theme colour seen, so that the launcher has the right colour before init answers. */
  color?: string;
  lead_done?: boolean;
  teaser_dismissed?: boolean;
  /** The last reply of the team the visitor saw: later ones count as unread on the launcher. */
  team_seen?: string;
};

export interface SessionApi {
  /** The init answer, initializing (or resuming) on first call. */
  ready(): Promise<InitData>;
  /**
   * Runs a client call with the service's address and a current widget JWT. On 401 the JWT is
   * renewed (a new init resuming the same conversation) and the call runs once more.
   */
  withToken<T>(call: (client: ClientOptions) => Promise<T>): Promise<T>;
  /** Forgets the conversation and starts a new one (keeps the visitor). */
  restart(): Promise<InitData>;
}

/** Everything the panel gets from the loader instance that mounts it. */
export interface PanelHost {
  /** Element inside the shadow root the panel is inserted into (before the launcher). */
  dock: HTMLElement;
  shadow: ShadowRoot;
  session: SessionApi;
  locale: string;
  pageContext(): PageContext;
  state(): AgentState;
  remember(patch: Partial<AgentState>): void;
  track(name: TelemetryName, props?: TelemetryProps): void;
  emit(event: WidgetEvent, payload?: Record<string, unknown>): void;
  /** Asks the instance to close (launcher state and telemetry stay in one place); `source` goes to telemetry. */
  requestClose(source: string): void;
  /** Replies that arrived while the panel was closed, shown on the launcher (0 clears it). */
  setUnread(count: number, label: string): void;
  /** The launcher's labels in the panel's language, once it is known. */
  setLauncherLabels(open: string, close: string): void;
}

export interface PanelApi {
  show(): void;
  hide(): void;
  /** Loads the conversation closed, to follow the team's replies on the launcher's badge. */
  watch(): void;
}

/** Resolves once the panel's language is loaded. */
export type MountPanel = (host: PanelHost) => Promise<PanelApi>;

/** Name of the DOM event the panel script dispatches on its own <script> element to hand its
 * mount function to the loader without adding a global. */
export const PANEL_READY_EVENT = 'storefront-assistant:panel';
