// One agent's session with the widget API: init (new or resumed conversation), the widget JWT,
// and its transparent renewal.

import { ApiError, init, isApiError, type ClientOptions } from '@storefront-assistant/client';
import { logError } from './log.js';
import type { AgentStore } from './storage.js';
import type { InitData, PageContext, SessionApi } from './types.js';

export type ShopperTokenSource = () => unknown;

export type SessionOptions = {
  base: string;
  agentId: string;
  store: AgentStore;
  locale: string;
  pageContext: () => PageContext;
  onInit: (data: InitData) => void;
};

/** How long before expires_at a token is renewed rather than used. */
const EXPIRY_MARGIN_MS = 30_000;
/** A shopper-token callback that does not answer in time leaves the visitor a guest. */
const SHOPPER_TOKEN_TIMEOUT_MS = 5_000;

/** The types say what the service sends; whatever answered (a proxy, a captive portal) may not be it. */
function parseInit(body: unknown): InitData {
  const data = body as Partial<InitData> | null;
  if (
    typeof data?.token !== 'string' ||
    typeof data.conversation_id !== 'string' ||
    typeof data.visitor_id !== 'string' ||
    typeof data.agent?.id !== 'string'
  ) {
    throw new ApiError({ status: 200, code: 'bad_response', message: 'init answered without a token, conversation or agent' });
  }
  return { ...data, messages: Array.isArray(data.messages) ? data.messages : [] } as InitData;
}

export class Session implements SessionApi {
  private current: Promise<InitData> | null = null;
  private latest: InitData | null = null;
  private shopper: ShopperTokenSource | null = null;

  constructor(private readonly options: SessionOptions) {}

  ready(): Promise<InitData> {
    if (!this.current) {
      const attempt = this.init();
      this.current = attempt;
      // A failed init is retried by the next caller rather than remembered.
      attempt.catch(() => {
        if (this.current === attempt) this.current = null;
      });
    }
    return this.current;
  }

  /** The last successful init, for the unload flush that cannot wait for a network round trip. */
  peek(): InitData | null {
    return this.latest;
  }

  /**
   * Binds the conversation to a shopper: the token source is asked on every init from now on. An
   * init still in flight finishes first, so the renewal resumes its conversation rather than
   * starting a second one (a page may identify only when the visitor opens the chat).
   */
  identify(source: ShopperTokenSource): Promise<InitData> | null {
    this.shopper = source;
    if (!this.current) return null;
    const renewed = this.current.then(
      () => this.renew(),
      () => this.renew(),
    );
    this.current = renewed;
    return renewed;
  }

  restart(): Promise<InitData> {
    this.options.store.update({ conversation_id: undefined });
    return this.renew();
  }

  async withToken<T>(call: (client: ClientOptions) => Promise<T>): Promise<T> {
    let data = await this.ready();
    const expiresAt = data.expires_at ? Date.parse(data.expires_at) : NaN;
    if (expiresAt - Date.now() < EXPIRY_MARGIN_MS) data = await this.renewFrom(data);
    const send = (token: string) => call({ baseUrl: this.options.base, token });
    try {
      return await send(data.token);
    } catch (error) {
      // token_expired (or a token the service no longer accepts): a new init with the stored IDs
      // resumes the same conversation with a fresh JWT; the visitor never sees it.
      if (!isApiError(error) || error.status !== 401) throw error;
      return send((await this.renewFrom(data)).token);
    }
  }

  private renew(): Promise<InitData> {
    this.current = null;
    this.latest = null;
    return this.ready();
  }

  /** Renews once for all the requests that found the same token stale. */
  private renewFrom(stale: InitData): Promise<InitData> {
    return this.latest === stale ? this.renew() : this.ready();
  }

  private async init(): Promise<InitData> {
    const { agentId, base, store, locale, pageContext } = this.options;
    const { visitor_id, conversation_id } = store.get();
    const data = parseInit(
      await init(
        { baseUrl: base },
        {
          agent_id: agentId,
          visitor_id,
          conversation_id,
          locale,
          page_context: pageContext(),
          shopper_token: await this.shopperToken(),
        },
      ),
    );
    store.update({ visitor_id: data.visitor_id, conversation_id: data.conversation_id });
    this.latest = data;
    this.options.onInit(data);
    return data;
  }

  private async shopperToken(): Promise<string | undefined> {
    if (!this.shopper) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const token = await Promise.race([Promise.resolve(this.shopper()), new Promise((resolve) => (timer = setTimeout(resolve, SHOPPER_TOKEN_TIMEOUT_MS)))]);
      return typeof token === 'string' && token ? token : undefined;
    } catch (error) {
      logError('identify callback failed; continuing as a guest', error);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}
