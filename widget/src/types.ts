// Wire shapes of the widget API (shared/contract.md section 4) as the widget reads them, and the
// interface between the loader bundle and the lazily loaded panel bundle, which both import it.

export type Block = { kind: string; data?: Record<string, unknown> };

export type Source = { title?: string; url: string };

export type Message = {
  id?: string;
  role: 'user' | 'assistant';
  content: string;
  blocks?: Block[];
  sources?: Source[];
  created_at?: string;
};

export type Handoff = { type: 'url' | 'email' | 'lead_form'; value?: string; label?: string };

export type LeadCapture = { enabled?: boolean; ask_after_turns?: number | null; consent_text?: string };

export type Teaser = { text?: string; scroll_depth?: number };

export type Agent = {
  id: string;
  name?: string;
  site_type?: string;
  greeting?: string;
  locale?: string;
  direction?: 'ltr' | 'rtl';
  lead_capture?: LeadCapture;
  handoff?: Handoff;
  theme?: { color?: string; teaser?: Teaser };
};

export type InitData = {
  conversation_id: string;
  visitor_id: string;
  token: string;
  expires_at?: string;
  agent: Agent;
  messages?: Message[];
};

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

/** What a failed call rejects with. Plain data rather than a class, because the panel bundle
 * cannot share class identity (instanceof) with the loader bundle. */
export type Failure = {
  /** Error envelope code, or "network" when the service could not be reached. */
  code: string;
  message?: string;
  status?: number;
  /** Seconds, from Retry-After on 429. */
  retryAfter?: number;
  errors?: Record<string, string[]>;
};

export type WidgetEvent = 'ready' | 'open' | 'close' | 'message' | 'lead' | 'error';

export type TelemetryName = 'launcher_open' | 'launcher_close' | 'cta_click' | 'dismiss' | 'scroll_trigger';

export type AgentState = {
  visitor_id?: string;
  conversation_id?: string;
  /** Last theme colour seen, so that the launcher has the right colour before init answers. */
  color?: string;
  lead_done?: boolean;
  teaser_dismissed?: boolean;
};

export interface SessionApi {
  /** The init answer, initializing (or resuming) on first call. */
  ready(): Promise<InitData>;
  /** POSTs JSON with the widget JWT; renews the JWT by a new init once on 401. Rejects with a Failure. */
  post(path: string, body: unknown, init?: { signal?: AbortSignal }): Promise<Response>;
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
  track(name: TelemetryName, props?: Record<string, unknown>): void;
  emit(event: WidgetEvent, payload?: Record<string, unknown>): void;
  /** Asks the instance to close (launcher state and telemetry stay in one place); `source` goes to telemetry. */
  requestClose(source: string): void;
}

export interface PanelApi {
  show(): void;
  hide(): void;
}

export type MountPanel = (host: PanelHost) => PanelApi;

/** Name of the DOM event the panel script dispatches on its own <script> element to hand its
 * mount function to the loader without adding a global. */
export const PANEL_READY_EVENT = 'storefront-assistant:panel';
